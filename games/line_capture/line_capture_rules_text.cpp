// Pangki's and Cinc camins' rules in words, for `rtb play`'s rules command and
// the explorer's rules panel (solver/game_concept.hpp: ExplainsRules,
// DescribesMoveText), built from the variant's board, pieces, losing count
// and capture lines, so that each variant says its own.
#include <string>

#include "games/line_capture/line_capture.hpp"

namespace rtb {

namespace {

std::string empties(int n) { return std::string(static_cast<std::size_t>(n), '.'); }

std::string pieces(int n) { return std::to_string(n) + (n == 1 ? " piece" : " pieces"); }

}  // namespace

std::string LineCaptureGame::move_notation() const {
  return "a2b2 moves the piece on a2 to b2; a move never names what it captures: the rules decide that";
}

std::string LineCaptureGame::rules_text() const {
  const LineCaptureRules& r = rules_;
  const std::string size = std::to_string(r.width) + "x" + std::to_string(r.width);
  const std::string last_file(1, static_cast<char>('a' + r.width - 1));
  const bool arrival = lines_ == CaptureLines::Arrival;
  const std::string rest = empties(r.width - 4);  // a line's squares beyond the four of an example
  std::string text = "Board: " + size + " squares, files a-" + last_file + " from the left and ranks 1-" +
                     std::to_string(r.width) + " from the bottom; " + pieces(r.pieces) +
                     " a side, Black's (b) at the bottom and White's (w) at the top: " + r.start_text +
                     ". Black moves first.\n";
  text +=
      "Moving: a move slides one of your pieces one square up, down, left or right onto an empty square. Nobody "
      "may pass.\n";
  text += arrival ? "Capturing: after your move, the rank and the file of the square your piece reached are looked "
                    "at"
                  : "Capturing: after your move, every rank and file through the square your piece left or the "
                    "square it reached is looked at";
  text +=
      ". A line that now holds exactly three pieces, on neighbouring squares, two of yours and one of the "
      "opponent's at one end (mover-mover-enemy or enemy-mover-mover), loses that enemy piece. Every such line "
      "captures, ";
  text += arrival ? "so the moving piece is always one of the pair, and one move takes at most two pieces.\n"
                  : "so one move may take up to three pieces, and a piece may also capture by leaving a line.\n";
  text += "Examples: with Black moving, a line that reads bbw." + rest + " or .wbb" + rest + " captures; bbbw" + rest +
          " and wbbw" + rest + " do not.\n";
  text += "Walking in: only the side that moves captures, so a piece may step into such a pattern safely.\n";
  text += "End: you win when a capture leaves the opponent " +
          (r.lost_at == 0 ? std::string("without pieces") : "with " + pieces(r.lost_at) + " or fewer") +
          ", and you lose when it is your turn and you have no legal move. A game that both sides can keep going "
          "for ever is a draw.\n";
  return text + "Moves: " + move_notation() + "\n";
}

}  // namespace rtb

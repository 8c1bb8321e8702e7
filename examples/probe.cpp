// Probes one position with the installed rtb library: its value and best move.
//
//   probe DIR GAME POSITION [VARIANT]
//   probe tb pangki 'wwww/w..w/b..b/bbbb b'
//   -> wwww/w..w/b..b/bbbb b: DRAW, best move a2b2
#include <rtb/rtb.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 4 || argc > 5) {
    std::cerr << "usage: probe DIR GAME POSITION [VARIANT]   (rtb " << rtb::version() << ")\n";
    return 2;
  }
  try {
    rtb::Tablebase tb(argv[1], argv[2], argc == 5 ? argv[4] : "default");
    const rtb::ProbeResult r = tb.probe(argv[3]);
    std::cout << r.position << ": " << rtb::verdict_name(r.value.verdict);
    if (r.value.distance >= 0) std::cout << " in " << r.value.distance;
    std::cout << ", best move " << r.best_move().value_or("none (the game is over)") << "\n";
    return 0;
  } catch (const rtb::InvalidInput& e) {
    std::cerr << "probe: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {  // rtb::TablebaseNotFound, a damaged file
    std::cerr << "probe: " << e.what() << "\n";
    return 1;
  }
}

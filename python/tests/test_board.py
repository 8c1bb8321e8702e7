"""Tests of rtb.Board, rtb.Value and rtb.Outcome (python/rtb/board.py)
against the tablebases' own answers: every move a board allows, the
position it leads to and the value it shows are the Tablebase's, and
perfect play from a game's longest win ends in exactly its distance.
"""
import pytest

import rtb


@pytest.fixture(scope="module")
def pangki(tmp_path_factory):
    d = tmp_path_factory.mktemp("tb")
    rtb.generate(str(d), "pangki", max_pieces=3)
    return rtb.open(str(d), "pangki"), str(d)


@pytest.fixture(scope="module")
def bagh(tmp_path_factory):
    d = tmp_path_factory.mktemp("bagh")
    rtb.generate(str(d), "bagh-chal", "3x3")
    return rtb.open(str(d), "bagh-chal", "3x3")


SMALL = "ww../..../..../.bb. w"  # two stones a side, white to move


def test_a_value_is_the_pair_that_probe_returns(pangki):
    tb, _ = pangki
    assert rtb.Value.of(*tb.probe(SMALL)) == tb.probe(SMALL) == ("DRAW", None)
    assert rtb.Outcome.WIN == "WIN" and rtb.Outcome("LOSS") is rtb.Outcome.LOSS
    assert str(rtb.Value.of("WIN", 7)) == "WIN in 7" and str(rtb.Value.of("DRAW", None)) == "DRAW"
    assert str(rtb.Value.of(None, None)) == "unknown"
    assert rtb.Board(tb, SMALL).value() == rtb.Value(rtb.Outcome.DRAW, None)


def test_push_and_pop_follow_the_tablebase(pangki):
    tb, _ = pangki
    board = rtb.Board(tb, SMALL)
    moves = [m for m, _, _ in tb.moves(SMALL)]
    assert board.legal_moves == moves and sorted(moves) == ["a4a3", "b4b3", "b4c4"]  # the stones at a4 and b4
    assert board.moves() == [(m, rtb.Value.of(v, d)) for m, v, d in tb.moves(SMALL)]
    for move in moves:
        assert board.push(move) == tb.play(SMALL, move) == board.position
        assert board.move_stack == [move] and board.history == [SMALL, board.position] and len(board) == 1
        assert board.peek() == move and board.pop() == move
        assert board.position == SMALL and board.move_stack == []
    # Any case, spaces around: recorded as the game writes it.
    board.push(" " + moves[0].upper() + " ")
    assert board.move_stack == [moves[0]]
    board.pop()
    with pytest.raises(ValueError, match="'a1a2' is not legal"):
        board.push("a1a2")
    assert board.position == SMALL and not board.is_legal("a1a2") and board.is_legal(moves[0])
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_a_board_made_with_moves_is_the_board_pushed_to(pangki):
    tb, _ = pangki
    pushed = rtb.Board(tb, SMALL)
    pushed.push("a4a3")
    pushed.push(pushed.best_move())
    made = rtb.Board(tb, SMALL, pushed.move_stack)
    assert made == pushed and made.copy() == pushed
    assert rtb.Board(tb, SMALL, ",".join(pushed.move_stack)) == pushed
    copy = made.copy()
    copy.pop()
    assert copy != made and len(made) == 2
    assert repr(made) == f"rtb.Board('pangki', '{SMALL}', moves='{','.join(made.move_stack)}')"
    assert rtb.Board(tb).position == tb.start() and rtb.Board(tb).turn == "b"


def test_perfect_play_from_the_longest_win_ends_in_its_distance(pangki):
    # rtb stats names the position of the longest win: the winner's best
    # moves against the loser's best defence end the game in exactly that
    # many plies, each value one ply shorter, and the side to move at the
    # end, with no legal move, is the loser.
    tb, folder = pangki
    tiers = rtb.stats(folder, "pangki", max_pieces=3)["tiers"]
    longest = max((t["longest_win"] for t in tiers if t["longest_win"]), key=lambda w: w["plies"])
    board = rtb.Board(tb, longest["position"])
    plies = longest["plies"]
    winner = board.turn
    assert board.value() == (rtb.Outcome.WIN, plies) and plies > 5
    for left in range(plies, 0, -1):
        assert board.value().distance == left and not board.is_game_over() and board.loser() is None
        assert board.value().outcome == (rtb.Outcome.WIN if board.turn == winner else rtb.Outcome.LOSS)
        board.push(board.best_move())
    assert board.is_game_over() and board.legal_moves == [] and board.best_move() is None
    assert board.loser() == board.turn != winner and board.value() == (rtb.Outcome.LOSS, 0)
    assert len(board) == plies


def test_the_no_repetition_rule_is_the_tablebases(bagh, pangki):
    # Bagh-Chal 3x3 (python/tests/test_rtb.py's cycle): after five moves
    # from FIRST, the goats' best move b1c1 returns to FIRST.
    first, cycle = "TTT/GTG/G.G t 0", ["b2b1", "c1b2", "b1c1", "b2b1", "c1b2"]
    ruled = rtb.Board(bagh, first, cycle)
    assert ruled.repetition_rule and "b1c1" not in ruled.legal_moves and "c2c1" in ruled.legal_moves
    assert ruled.best_move() == "c2c1"
    with pytest.raises(ValueError, match="no-repetition rule: it repeats the first position"):
        ruled.push("b1c1")
    assert len(ruled) == 5
    free = rtb.Board(bagh, first, cycle, repetition_rule=False)
    assert free.best_move() == "b1c1" and free.legal_moves[0] == "b1c1"
    free.push("b1c1")
    assert free.position == first
    tb, _ = pangki
    with pytest.raises(ValueError, match="no rule against repeated positions"):
        rtb.Board(tb, repetition_rule=True)

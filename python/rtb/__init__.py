"""Retrograde tablebases of small board games (rtb).

Probe the tablebases that `rtb generate` writes, search where none covers a
position, generate small games' tablebases, verify and count them:

    import rtb
    with rtb.open("tb", "pangki") as tb:
        tb.probe("start")            # ('DRAW', None), for the side to move
        tb.moves("start")            # [('a2b2', 'DRAW', None), ...], best first
        board = rtb.Board(tb)        # a game to play: push, pop, legal_moves,
        board.push(board.best_move())  # is_game_over, value() (rtb/board.py)

The module is the C++ extension rtb._rtb; this package gives it its name
(and its type stubs, __init__.pyi), and adds Board, Value and Outcome
(rtb/board.py), written in Python over the extension.
"""
from rtb._rtb import (  # noqa: F401
    Tablebase,
    TablebaseBusyError,
    TablebaseNotFoundError,
    __version__,
    games,
    generate,
    open,
    stats,
    verify,
)
from rtb.board import Board, Outcome, Value  # noqa: F401

# Shown as rtb.X, not rtb._rtb.X, in tracebacks and help().
for _name in ("Tablebase", "TablebaseBusyError", "TablebaseNotFoundError", "games", "generate", "open", "stats", "verify"):
    try:
        globals()[_name].__module__ = __name__
    except (AttributeError, TypeError):
        pass
del _name

__all__ = ["Board", "Outcome", "Value", "Tablebase", "TablebaseBusyError", "TablebaseNotFoundError", "games", "generate", "open", "stats", "verify", "__version__"]

"""A game played on a board, over a Tablebase: push and pop moves, list the
legal ones, ask whether the game is over and what the position is worth.

    import rtb
    with rtb.open("tb", "pangki") as tb:
        board = rtb.Board(tb)
        board.push(board.best_move())
        board.value()           # Value(outcome=<Outcome.DRAW: 'DRAW'>, distance=None)
        board.pop()

The rules are the game's, as `rtb play` applies them: a side with no legal
move has lost, and in a game with a no-repetition rule (Tablebase's
forbids_repetition) a move back to a position of the game is not legal
unless the board is made with repetition_rule=False. Values are the
tablebase's, for the side to move, where a repetition is a draw.
"""
import enum
from typing import NamedTuple, Optional, Sequence, Union


class Outcome(str, enum.Enum):
    """A proven value for the side to move. A str, so Outcome.WIN == "WIN"."""

    WIN = "WIN"
    LOSS = "LOSS"
    DRAW = "DRAW"


class Value(NamedTuple):
    """A value for the side to move and its distance in plies to the end of
    the game under perfect play (None for a draw). outcome is None where a
    search could not prove the value. Equal to the (value, distance) pair
    that Tablebase.probe returns."""

    outcome: Optional[Outcome]
    distance: Optional[int]

    @classmethod
    def of(cls, verdict: Optional[str], distance: Optional[int]) -> "Value":
        return cls(Outcome(verdict) if verdict is not None else None, distance)

    def __str__(self) -> str:
        if self.outcome is None:
            return "unknown"
        if self.outcome is Outcome.DRAW:
            return "DRAW"
        return f"{self.outcome.value} in {self.distance}"


class Board:
    """A game from a start position: the moves played so far and the
    position they lead to, checked against the game's rules.

    tablebase: an open rtb.Tablebase (rtb.open); it answers every rule and
    value question, so it must stay open while the board is used.
    position: the start, a position text or "start" (the game's start).
    moves: moves to play from it at once, as push() takes them.
    repetition_rule: whether the no-repetition rule applies; None (the
    default) applies it in a game that has one, as `rtb play` does.
    """

    def __init__(self, tablebase, position: str = "start", moves: Union[str, Sequence[str]] = (),
                 *, repetition_rule: Optional[bool] = None) -> None:
        self._tb = tablebase
        if repetition_rule and not tablebase.forbids_repetition:
            raise ValueError(f"{tablebase.game} has no rule against repeated positions: "
                             "leave repetition_rule unset or False")
        self._ruled = tablebase.forbids_repetition if repetition_rule is None else repetition_rule
        self._positions = [tablebase.normalise(position)]
        self._moves: list[str] = []
        for move in moves.split(",") if isinstance(moves, str) else moves:
            self.push(move)

    # The game so far.
    @property
    def tablebase(self):
        return self._tb

    @property
    def position(self) -> str:
        """The position now, in the game's text (docs/rules.md)."""
        return self._positions[-1]

    @property
    def turn(self) -> str:
        """The letter of the side to move, as the position text ends."""
        return self.position.split(" ")[1]

    @property
    def move_stack(self) -> list[str]:
        """The moves played from the start position, first to last."""
        return list(self._moves)

    @property
    def history(self) -> list[str]:
        """The positions of the game, the start position first and the position now last."""
        return list(self._positions)

    @property
    def repetition_rule(self) -> bool:
        return self._ruled

    def __len__(self) -> int:
        return len(self._moves)

    # Moves.
    def _rows(self) -> list[dict]:
        """The tablebase's rows of the moves now, best first, each with
        "forbidden" (a reason, or None) where the rule applies."""
        if self._ruled:
            return self._tb.query(self.position, self._history_text())["moves"]
        return [{"move": m, "value": v, "distance": d} for m, v, d in self._tb.moves(self.position)]

    def _history_text(self) -> list[str]:
        return [self._positions[0]] + self._moves

    @property
    def legal_moves(self) -> list[str]:
        """The moves the side to move may play now, best first."""
        return [row["move"] for row in self._rows() if not row.get("forbidden")]

    def moves(self) -> list[tuple[str, Value]]:
        """The legal moves now, best first, each with its value for the side that plays it."""
        return [(row["move"], Value.of(row["value"], row["distance"])) for row in self._rows()
                if not row.get("forbidden")]

    def is_legal(self, move: str) -> bool:
        return self._legal_text(move) is not None

    def _legal_text(self, move: str) -> Optional[str]:
        """The move's text as the game writes it, from a text in any case with
        spaces around it; None where it is not a legal move now."""
        wanted = move.strip().lower()
        return next((m for m in self.legal_moves if m.lower() == wanted), None)

    def push(self, move: str) -> str:
        """Plays `move` (its text as the move list writes it, in any case) and
        returns the position after it. ValueError, saying why, where the move
        is not legal; the board is then unchanged."""
        text = self._legal_text(move)
        if text is None:
            for row in self._rows():
                if row["move"].lower() == move.strip().lower() and row.get("forbidden"):
                    raise ValueError(f"move '{row['move']}' is not legal under the no-repetition rule: "
                                     f"it {row['forbidden']}")
            self._tb.play(self.position, move)  # raises ValueError with the game's own reason
            raise ValueError(f"move '{move}' is not legal in {self.position}")
        self._positions.append(self._tb.play(self.position, text))
        self._moves.append(text)
        return self.position

    def pop(self) -> str:
        """Takes back the last move and returns it; IndexError where none was played."""
        if not self._moves:
            raise IndexError("pop from a board with no move played")
        self._positions.pop()
        return self._moves.pop()

    def peek(self) -> str:
        """The last move played; IndexError where none was."""
        if not self._moves:
            raise IndexError("peek at a board with no move played")
        return self._moves[-1]

    # The game's state and values.
    def is_game_over(self) -> bool:
        """Whether the side to move has no legal move: it has then lost."""
        return not self.legal_moves

    def loser(self) -> Optional[str]:
        """The letter of the side that has lost (the side to move) once the game is over; None before."""
        return self.turn if self.is_game_over() else None

    def value(self) -> Value:
        """The tablebase's value of the position now for the side to move
        (a repetition counts as a draw, whatever the rule)."""
        return Value.of(*self._tb.probe(self.position))

    def best_move(self) -> Optional[str]:
        """The best legal move now (under the rule where it applies); None where the game is over."""
        if self._ruled:
            return self._tb.best_move(self.position, self._history_text())
        return self._tb.best_move(self.position)

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other._tb, other._ruled = self._tb, self._ruled
        other._positions, other._moves = list(self._positions), list(self._moves)
        return other

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Board) and other._tb is self._tb and other._ruled == self._ruled
                and other._positions == self._positions and other._moves == self._moves)

    def __repr__(self) -> str:
        return (f"rtb.Board({self._tb.game!r}, {self._positions[0]!r}, moves={','.join(self._moves)!r}"
                f"{'' if self._ruled == self._tb.forbids_repetition else ', repetition_rule=' + str(self._ruled)})")

    def __str__(self) -> str:
        return self.position

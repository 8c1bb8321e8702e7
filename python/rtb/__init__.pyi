# Type stubs of the rtb package (the extension rtb._rtb, python/rtb_module.cpp).
import os
from types import TracebackType
from typing import Callable, Literal, Optional, Sequence, Union

from rtb.board import Board as Board, Outcome as Outcome, Value as Value

__version__: str

Verdict = Optional[Literal["WIN", "LOSS", "DRAW"]]
# (value, distance): value None when a search could not prove it, distance None for a draw.
ValuePair = tuple[Verdict, Optional[int]]
StrPath = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]

class TablebaseNotFoundError(FileNotFoundError): ...
class TablebaseBusyError(RuntimeError): ...

class Tablebase:
    @property
    def game(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def dir(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def close(self) -> None: ...
    def __enter__(self) -> Tablebase: ...
    def __exit__(
        self,
        exc_type: Optional[type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
    def start(self) -> str: ...
    def normalise(self, position: str) -> str: ...
    def play(self, position: str, moves: Union[str, Sequence[str]]) -> str: ...
    def probe(self, position: str) -> ValuePair: ...
    def probe_value(self, position: str) -> ValuePair: ...
    def probe_many(self, positions: Sequence[str]) -> list[ValuePair]: ...
    def moves(self, position: str) -> list[tuple[str, Verdict, Optional[int]]]: ...
    def best_move(self, position: str, history: Union[str, Sequence[str], None] = None) -> Optional[str]: ...
    @property
    def forbids_repetition(self) -> bool: ...
    @property
    def rules(self) -> str: ...
    def query(self, position: str, history: Union[str, Sequence[str], None] = None) -> dict[str, object]: ...

def open(
    dir: Union[StrPath, Sequence[StrPath], None],
    game: str,
    variant: str = "default",
    nodes: int = 10_000_000,
    seconds: Optional[float] = 10.0,
) -> Tablebase: ...
def games() -> list[dict[str, object]]: ...
def generate(
    dir: StrPath,
    game: str,
    variant: str = "default",
    *,
    threads: int = 1,
    progress: bool = False,
    tiers: Optional[str] = None,
    all: bool = False,
    memory_limit: Optional[int] = None,
    derive_tiers: bool = False,
    **tier_filters: Optional[int],
) -> dict[str, Union[int, float]]: ...
def verify(
    dir: StrPath,
    game: str,
    variant: str = "default",
    *,
    threads: int = 1,
    progress: bool = False,
    general: bool = False,
    resume: bool = False,
    memory_limit: Optional[int] = None,
    on_tier: Optional[Callable[[dict[str, object]], object]] = None,
    tiers: Optional[str] = None,
    all: bool = False,
    **tier_filters: Optional[int],
) -> dict[str, object]: ...
def stats(
    dir: StrPath,
    game: str,
    variant: str = "default",
    *,
    threads: int = 1,
    on_tier: Optional[Callable[[dict[str, object]], object]] = None,
    tiers: Optional[str] = None,
    all: bool = False,
    **tier_filters: Optional[int],
) -> dict[str, object]: ...

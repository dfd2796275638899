# The compiled search (_ultimate.c): see fast.py, which alone imports it.
from collections.abc import Callable, Sequence

NODE_BYTES: int

class Search:
    visits: int
    nodes: int
    def run(
        self,
        state: Sequence[int],
        seconds: float | None,
        simulations: int | None,
        stopped: Callable[[], object] | None,
        *,
        seed: int,
        max_nodes: int,
        exploration: float,
        check_every: int,
        bias: float,
    ) -> int: ...
    def best_move(self) -> int: ...
    def estimates(self, line: Sequence[int] = ...) -> list[tuple[int, float, int, int]]: ...

def legal(state: Sequence[int]) -> list[int]: ...
def play(state: Sequence[int], cell: int) -> list[int]: ...
def winner(state: Sequence[int]) -> int | None: ...
def playout(state: Sequence[int], seed: int) -> list[int]: ...

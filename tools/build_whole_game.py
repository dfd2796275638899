"""Write the solved 3×3 game (`nac/engine/whole_3x3.bin`) from `WholeGame`'s own solver:
`make openings`. Every position that is not over, its exact score and Genius's moves; the
app reads it instead of solving on its first question (tests/core check the two agree).
Deterministic: the same file every time.
"""

from __future__ import annotations

from pathlib import Path

from nac.core.geometry import geometry
from nac.engine import whole_game

TABLE = Path(whole_game.__file__).with_name(whole_game.TABLE_FILE)


def main() -> None:
    solved = whole_game.WholeGame(geometry(3, 3), read_table=False)
    data = solved.table_bytes()
    TABLE.write_bytes(data)
    print(f"{TABLE.name}: {len(solved.scores):,} positions, {len(data):,} bytes")


if __name__ == "__main__":
    main()

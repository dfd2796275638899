"""Build the 4×4 opening table (`nac/engine/book_4x4.txt`) from scratch: `make openings`.

Every 4×4 position with up to `book.MAX_MARKS` marks, one per symmetry class, solved exactly:
Genius's moves and every move's score. Deterministic: the same file every time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from nac.core.geometry import geometry
from nac.engine import book
from nac.engine.solver import Solver, genius_choice
from nac.engine.symmetry import symmetries

TABLE = Path(book.__file__).with_name(book.FILE_NAME)


def canonical_positions(max_marks: int) -> list[int]:
    """Keys of every 4×4 position with up to `max_marks` marks, one per symmetry class."""
    shape = geometry(book.SIZE, book.WIN_LENGTH)
    canonical = symmetries(book.SIZE).canonical_key
    cells = shape.cell_count
    low = (1 << cells) - 1
    level = {canonical(0, 0)}
    found = set(level)
    for _ in range(max_marks):
        following = set()
        for key in level:
            mine, theirs = key >> cells, key & low
            taken = mine | theirs
            for cell in range(cells):
                if not taken >> cell & 1:
                    after = mine | 1 << cell
                    if not shape.completes_line(after, cell):
                        following.add(canonical(theirs, after))
        level = following - found
        found |= level
    return sorted(found)


def build(max_marks: int = book.MAX_MARKS) -> list[str]:
    """The table's lines: a header, then one line per position."""
    solver = Solver(geometry(book.SIZE, book.WIN_LENGTH), table_slots_log2=22)
    cells = book.SIZE * book.SIZE
    low = (1 << cells) - 1
    lines = [
        f"# nac 4x4 opening table: every position with up to {max_marks} marks, one per",
        "# symmetry class. Built by `make openings` (tools/build_openings.py).",
    ]
    for key in canonical_positions(max_marks):
        mine, theirs = key >> cells, key & low
        entry = book.Entry(genius_choice(solver, mine, theirs), solver.move_scores(mine, theirs))
        lines.append(book.format_entry(key, entry))
    return lines


def main() -> None:
    started = time.perf_counter()
    lines = build(int(sys.argv[1]) if len(sys.argv) > 1 else book.MAX_MARKS)
    TABLE.write_text("\n".join(lines) + "\n", encoding="ascii")
    seconds = time.perf_counter() - started
    print(
        f"{len(lines) - 2} positions, {TABLE.stat().st_size:,} bytes, in {TABLE} ({seconds:.1f} s)"
    )


if __name__ == "__main__":
    main()

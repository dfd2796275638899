"""The 5×5 opening book: Genius's move in every position of its own strategy near the start.

The book holds, for both sides (as X from the empty board, and as O after any first move of
X), every position where Genius is to move that the game can reach when the opponent may play
anything and Genius plays its book moves, down to where the exact search (search.py) takes
over within the time budget. For each such position, one entry:

- the canonical key (the least of the eight symmetric images, as `symmetries(5)` computes it:
  the side to move's marks shifted up 25 bits, or'ed with the other side's marks);
- Genius's move, a cell of the canonical image;
- the position's exact value for Genius: a draw or a win (never a loss: the book keeps the
  value from the start, and 5×5 with four in a row is a draw);
- in a drawn position, which replies of the opponent to that move lose (a mask of cells of the
  canonical image): the values of every position the opponent's moves lead to, for hints and
  analysis on the opponent's side. In a won position every reply loses.

And for each position those replies lead to that is not an entry itself (a leaf of the book,
where the runtime search takes over), a record of its value only (no move), so that the search
there starts knowing it.

A second table, for analysis and hints on either side, holds every position with up to a few
marks (`analysis_marks` in the header) with the value of each move for the side to move.

A position where X is to move has as many X as O (X moves first), so one table serves both sides.
The file (book.bin) is a short text header line then a zlib stream of the keys (8 bytes each,
sorted) and the payloads (4 bytes each: move, value bit, mask), then the analysis keys and their
values (8 bytes each: two bits a cell, 0 taken, 1 loses, 2 draws, 3 wins), all little-endian;
loading it is one decompression and four array copies, a look-up a binary search.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from bisect import bisect_left
from pathlib import Path
from typing import Any, NamedTuple

from ..packaged import packaged

BOOK_FILE = "five/book.bin"
"""The book, shipped in the package (`nac.engine.packaged`)."""
MAGIC = "nac-book5"
FORMAT = 1
LOW25 = (1 << 25) - 1

_WIN_BIT = 1 << 5
_MASK_SHIFT = 7


NO_MOVE = -1
_NO_MOVE_CODE = 31


class Entry(NamedTuple):
    """One book position, in the coordinates of its canonical image."""

    move: int
    """Genius's move (a cell 0..24 of the canonical image), or NO_MOVE in a leaf record."""
    value: int
    """1 if Genius wins, 0 if it is a draw (with best play from here)."""
    losing_replies: int
    """Cells (of the canonical image) where the opponent's reply to `move` loses: after them
    Genius wins. Every other empty cell draws. In a won position: every empty cell."""


def pack(entry: Entry) -> int:
    move = _NO_MOVE_CODE if entry.move == NO_MOVE else entry.move
    return move | (_WIN_BIT if entry.value else 0) | entry.losing_replies << _MASK_SHIFT


def unpack(payload: int) -> Entry:
    move = payload & 31
    return Entry(
        NO_MOVE if move == _NO_MOVE_CODE else move,
        1 if payload & _WIN_BIT else 0,
        payload >> _MASK_SHIFT,
    )


class Book:
    """The loaded book: `get(key)` is the entry of a canonical key, or None; `analysis(key)`
    the values of every move there, or None."""

    def __init__(
        self,
        keys: array[int],
        payloads: array[int],
        header: dict[str, Any],
        analysis_keys: array[int] | None = None,
        analysis_values: array[int] | None = None,
    ) -> None:
        self.keys = keys
        self.payloads = payloads
        self.header = header
        self.analysis_keys = analysis_keys if analysis_keys is not None else array("Q")
        self.analysis_values = analysis_values if analysis_values is not None else array("Q")

    def __len__(self) -> int:
        return len(self.keys)

    def get(self, key: int) -> Entry | None:
        keys = self.keys
        i = bisect_left(keys, key)
        return unpack(self.payloads[i]) if i < len(keys) and keys[i] == key else None

    def analysis(self, key: int) -> dict[int, int] | None:
        """Every empty cell's value (1, 0, -1) for the side to move, in the coordinates of the
        canonical image, if the position has few enough marks to be in the table."""
        keys = self.analysis_keys
        i = bisect_left(keys, key)
        return decode_values(self.analysis_values[i]) if i < len(keys) and keys[i] == key else None

    @property
    def analysis_marks(self) -> int:
        """Every position with up to this many marks is in the analysis table."""
        return int(self.header.get("analysis_marks", -1))

    @property
    def first_move_losers(self) -> int:
        """Cells where X's first move loses (the empty board, O as Genius): none, in fact."""
        return int(self.header.get("first_move_losers", 0))


def encode_values(values: dict[int, int]) -> int:
    """Move values (cell: 1/0/-1) as two bits a cell (0 for a taken cell)."""
    return sum((value + 2) << (2 * cell) for cell, value in values.items())


def decode_values(code: int) -> dict[int, int]:
    return {cell: (code >> (2 * cell) & 3) - 2 for cell in range(25) if code >> (2 * cell) & 3}


def write(
    path: Path,
    entries: dict[int, Entry],
    header: dict[str, Any],
    analysis: dict[int, dict[int, int]] | None = None,
) -> int:
    """Write the book; returns its size in bytes."""
    keys = array("Q", sorted(entries))
    payloads = array("I", (pack(entries[k]) for k in keys))
    analysis = analysis or {}
    analysis_keys = array("Q", sorted(analysis))
    analysis_values = array("Q", (encode_values(analysis[k]) for k in analysis_keys))
    if keys.itemsize != 8 or payloads.itemsize != 4:
        raise RuntimeError("array sizes differ on this platform")
    meta = dict(header, magic=MAGIC, format=FORMAT, entries=len(keys), analysis=len(analysis))
    parts = [keys, payloads, analysis_keys, analysis_values]
    if sys.byteorder == "big":  # the file is little-endian
        for part in parts:
            part.byteswap()
    body = zlib.compress(b"".join(part.tobytes() for part in parts), 9)
    data = json.dumps(meta, sort_keys=True).encode("ascii") + b"\n" + body
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return len(data)


def read(path: Path | None = None) -> Book:
    """The book in `path`, or the one shipped in the package."""
    data = packaged(BOOK_FILE) if path is None else path.read_bytes()
    newline = data.index(b"\n")
    header = json.loads(data[:newline])
    if header.get("magic") != MAGIC or header.get("format") != FORMAT:
        raise ValueError(f"{path or BOOK_FILE} is not a nac 5×5 book of format {FORMAT}")
    raw = zlib.decompress(data[newline + 1 :])
    count = int(header["entries"])
    more = int(header.get("analysis", 0))
    parts = [array("Q"), array("I"), array("Q"), array("Q")]
    start = 0
    for part, length in zip(parts, (count, count, more, more), strict=True):
        end = start + part.itemsize * length
        part.frombytes(raw[start:end])
        start = end
        if sys.byteorder == "big":
            part.byteswap()
    return Book(parts[0], parts[1], header, parts[2], parts[3])

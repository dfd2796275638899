"""The keys that play on a board, on the game screen and the puzzles' alike: the digits of the
3×3 keypad, the cursor and Enter, and on the bigger boards a square's name typed."""

from __future__ import annotations

from ..command import Command

PLAY_KEYS = Command(
    tuple((str(key), f"play_key({key})") for key in range(1, 10)),
    "1-9",
    "Play that square (3×3; in Notakto, of the board the cursor is on; in Ultimate, of the "
    "board the move is sent to, or when it is free a first digit picks the board). Phone "
    "layout: 1 2 3 on the top row; numpad: 7 8 9 on top. On the 3×3 board the number in each "
    "empty square is its key.",
    "Play",
    rank=1,
)
"""The digits 1-9: play that square of the 3×3 board."""

CURSOR_KEYS = Command(
    (
        ("up", "cursor(-1, 0)"),
        ("down", "cursor(1, 0)"),
        ("left", "cursor(0, -1)"),
        ("right", "cursor(0, 1)"),
        ("home", "cursor_to(0, 0)"),
        ("pageup", "cursor_to(0, -1)"),
        ("end", "cursor_to(-1, 0)"),
        ("pagedown", "cursor_to(-1, -1)"),
        ("kp_begin", "cursor_centre"),
    ),
    "arrows",
    "Move the cursor (a numeric keypad with NumLock off: 8 4 6 2 move, 7 9 1 3 jump to "
    "the corners, 5 to the centre)",
    "Move",
    rank=8,
)
"""The arrows (and a keypad with NumLock off) move the cursor."""

NEXT_BOARD = Command(
    (("tab", "next_board"),),
    "Tab",
    "Notakto and Ultimate: the cursor to the next board the move may go in (the arrows cross "
    "from board to board too)",
    "Next board",
    "Next board",
    rank=5,
)
"""Tab takes the cursor to the next live board, where there are several."""

PLAY_CURSOR = Command(
    (("enter", "play_cursor"), ("ctrl+j", "play_cursor"), ("space", "play_cursor")),
    "Enter",
    "Play the square under the cursor (also `space`, and the keypad's `Enter`)",
    "Play",
    rank=7,
    instead_of="play_key",
)
"""Enter or space plays the square under the cursor."""

BOARD_KEYS = (PLAY_KEYS, CURSOR_KEYS, PLAY_CURSOR, NEXT_BOARD)
"""What a board a game is played on takes, first in the game's table and online play's."""

SQUARE_LETTERS = Command(
    tuple((key, f"type_square('{key.lower()}')") for key in "aAbBcCdDeE"),  # either case
    "a-e",
    "4×4 and 5×5: type a square's name, its column letter then its row number (`b3`), and "
    "`Enter`. While you play there, `a`, `b`, `c` and `e` begin a square's name: Average, the "
    "board, Clever and Adaptive are in the palette",
    "Play",
    rank=1,
)
"""On 4×4 and 5×5 a column letter opens the square prompt with the letter typed."""

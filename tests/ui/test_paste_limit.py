"""A bracketed paste reaches the game cut to its limit, its end kept, however the input is split
into pieces (the terminal's reads), and nothing outside a paste is held back or changed."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from nac.ui.driver import PASTE_END, PASTE_START, PasteLimit

MOST = 5


def cut(text: str) -> str:
    """What the parser should be given: each paste's text cut to MOST characters."""
    pattern = re.escape(PASTE_START) + "(.*?)" + re.escape(PASTE_END)
    return re.sub(pattern, lambda found: PASTE_START + found.group(1)[:MOST] + PASTE_END, text)


# No deadline: hypothesis's own (200 ms an example) is a timing assert, which a loaded machine
# (or a collection of the worker's garbage) can break; the other property tests have none either.
@settings(deadline=None)
@given(
    st.lists(st.sampled_from(["a", "\x1b", "€", "x" * 7, PASTE_START + "y" * 9 + PASTE_END])),
    st.lists(st.integers(1, 6), min_size=1),
)
def test_a_paste_is_cut_and_ended_however_the_input_is_split(
    parts: list[str], sizes: list[int]
) -> None:
    text = "".join(parts)
    limit, given_text, position = PasteLimit(MOST), "", 0
    for index in range(len(text)):
        if position >= len(text):
            break
        size = sizes[index % len(sizes)]
        given_text += limit(text[position : position + size])
        position += size
    assert given_text == cut(text)


def test_a_paste_that_never_ends_is_kept_to_its_limit() -> None:
    limit = PasteLimit(MOST)
    given_text = limit(PASTE_START) + "".join(limit("€" * 1000) for _ in range(100))
    assert given_text == PASTE_START + "€" * MOST

"""Keypad layouts map keys 1-9 to cells and back."""

import pytest

from nac.core import KeypadLayout, NotASquare

PHONE = KeypadLayout.PHONE
NUMPAD = KeypadLayout.NUMPAD


def test_phone_layout_has_1_2_3_on_the_top_row() -> None:
    assert [PHONE.cell_for_key(key) for key in range(1, 10)] == list(range(9))


def test_numpad_layout_has_7_8_9_on_the_top_row() -> None:
    grid = [[NUMPAD.key_for_cell(row * 3 + column) for column in range(3)] for row in range(3)]
    assert grid == [[7, 8, 9], [4, 5, 6], [1, 2, 3]]


@pytest.mark.parametrize("layout", list(KeypadLayout))
def test_keys_and_cells_map_both_ways(layout: KeypadLayout) -> None:
    for key in range(1, 10):
        assert layout.key_for_cell(layout.cell_for_key(key)) == key
    assert sorted(layout.cell_for_key(key) for key in range(1, 10)) == list(range(9))


def test_a_digit_string_is_a_key() -> None:
    assert PHONE.cell_for_key("5") == 4
    assert NUMPAD.cell_for_key("7") == 0


@pytest.mark.parametrize("key", [0, 10, -1, "0", "10", "a", "", "٥", 5.0, None, True])
def test_anything_but_1_to_9_is_not_a_square(key: object) -> None:
    with pytest.raises(NotASquare, match="not a square"):
        PHONE.cell_for_key(key)


def test_next_switches_layout() -> None:
    assert PHONE.next is NUMPAD and NUMPAD.next is PHONE

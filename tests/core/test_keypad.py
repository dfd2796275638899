"""Keypad layouts map keys 1-9 to cells and back; every rules names its squares by them."""

import pytest

from nac.core import (
    RULES,
    Board,
    IllegalMove,
    KeypadLayout,
    NotaktoBoard,
    NotASquare,
    Rules,
    SquareTaken,
    check_square,
    notakto_cell,
    parse_square,
    square_name,
)

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


@pytest.mark.parametrize("layout", list(KeypadLayout))
def test_every_rules_names_its_squares_so_they_read_back(layout: KeypadLayout) -> None:
    for rules in RULES:
        names = [square_name(cell, rules, layout) for cell in range(rules.cell_count)]
        assert len(set(names)) == rules.cell_count
        assert [parse_square(name, rules, layout) for name in names] == list(
            range(rules.cell_count)
        )


def test_in_notakto_a_square_is_its_board_and_its_key_under_the_layout() -> None:
    two = Rules.notakto(2)
    assert square_name(notakto_cell(1, 0), two, PHONE) == "2:1"
    assert square_name(notakto_cell(1, 0), two, NUMPAD) == "2:7"
    assert parse_square("2:7", two, NUMPAD) == parse_square("2a1", two, NUMPAD) == 9
    one = Rules.notakto(1)
    assert parse_square("7", one, NUMPAD) == parse_square("a1", one, NUMPAD) == 0
    for junk in ("7", "3:1", "2:0", "2d1", ""):
        with pytest.raises(NotASquare, match="a board and a key"):
            parse_square(junk, two, PHONE)


def test_a_taken_square_is_named_as_the_player_names_it() -> None:
    board = Board.empty(3).play(0)
    with pytest.raises(SquareTaken, match="square 7"):
        check_square(board, 0, NUMPAD)
    position = NotaktoBoard.empty(1).play(0)  # both draw X's: a mark there is no one's square
    with pytest.raises(IllegalMove, match="already holds an X"):
        check_square(position, 0, NUMPAD)

"""Each family's rulebook (`nac.core.families`): found from every rules, its squares' names read
back to the same cell (by a player under both keypads, by a game's line), a position read from
its text with the side to move the game that made it had, its tag and stats key read back to the
same rules, and its capabilities what its games do."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import (
    RULEBOOKS,
    RULES,
    GameKind,
    KeypadLayout,
    Mark,
    Mode,
    NotationError,
    Position,
    Rules,
    SavedGame,
    Termination,
    cell_of,
    find_rules,
    format_game,
    parse_game,
    parse_square,
    read_position,
    square_name,
    square_of,
    start_position,
)
from nac.core.families import tagged

NAMED = [pytest.param(rules, id=rules.name) for rules in RULES]


@pytest.mark.parametrize("rules", NAMED)
def test_every_rules_finds_its_familys_rulebook_and_starts_on_its_position(rules: Rules) -> None:
    rulebook = rules.rulebook
    assert rulebook is RULEBOOKS[rules.family] and rules.number in rulebook.numbers
    for first in Mark:
        start = start_position(rules, first)
        assert isinstance(start, rulebook.position)
        assert start.rules == rules and start.to_move is first and start.is_empty
        assert start.cell_count == rules.cell_count == len(start.legal_moves)


@pytest.mark.parametrize("rules", NAMED)
@pytest.mark.parametrize("keypad", list(KeypadLayout))
def test_every_square_a_player_names_is_read_back_as_the_same_cell(
    rules: Rules, keypad: KeypadLayout
) -> None:
    names = [square_name(cell, rules, keypad) for cell in range(rules.cell_count)]
    assert len(set(names)) == rules.cell_count
    for cell, name in enumerate(names):
        assert parse_square(name, rules, keypad) == cell
        assert parse_square(f" {name.upper()} ", rules, keypad) == cell


@pytest.mark.parametrize("rules", NAMED)
def test_every_square_a_games_line_names_is_read_back_as_the_same_cell(rules: Rules) -> None:
    names = [square_of(rules, cell) for cell in range(rules.cell_count)]
    assert len(set(names)) == rules.cell_count
    for cell, name in enumerate(names):
        assert cell_of(rules, name) == cell
        for keypad in KeypadLayout:  # a player may type the line's name too
            assert parse_square(name, rules, keypad) == cell
    with pytest.raises(NotationError):
        cell_of(rules, "z9")


@pytest.mark.parametrize("rules", NAMED)
def test_the_tag_and_the_stats_key_name_the_same_rules_again(rules: Rules) -> None:
    for mode, levels in ((Mode.TWO_PLAYER, ()), (Mode.COMPUTER, ("genius",))):
        kind = GameKind(mode, rules, levels)
        assert GameKind.parse(kind.key) == kind
        saved = SavedGame.of(kind, [], Mark.X)
        line = format_game(saved)
        assert " ".join(rules.rulebook.notation_fields(rules)) in line
        assert parse_game(line) == saved
    assert tagged(rules.rulebook.tag.upper()) is rules.rulebook
    assert find_rules(rules.name) == rules


def test_a_tag_or_a_key_that_names_no_rules_is_refused() -> None:
    with pytest.raises(NotationError, match="'chess' is not a variant: use one of normal"):
        tagged("chess")
    assert tagged("Misère") is RULEBOOKS[find_rules("misere").family]
    for key in ("computer/genius+chess", "computer/genius+", "two-player@4x4+ultimate"):
        with pytest.raises(ValueError):
            GameKind.parse(key)


CAPABILITIES = {
    # name: draws, a line loses, marks shared, keys 1-9, the line's length
    "normal 3": (True, False, False, True, 3),
    "normal 4": (True, False, False, False, 4),
    "normal 5": (True, False, False, False, 4),
    "misere 3": (True, True, False, True, 3),
    "misere 4": (True, True, False, False, 4),
    "misere 5": (True, True, False, False, 4),
    "notakto 1": (False, True, True, True, 3),
    "notakto 2": (False, True, True, True, 3),
    "notakto 3": (False, True, True, True, 3),
    "ultimate 3": (True, False, False, True, 3),
}


def test_every_rules_declares_its_capabilities_once() -> None:
    assert set(CAPABILITIES) == {rules.name for rules in RULES}
    for rules in RULES:
        said = (rules.draws, rules.line_loses, rules.shares_marks, rules.uses_keypad)
        assert (*said, rules.line_length) == CAPABILITIES[rules.name]


ENDINGS = {
    "normal": {Termination.LINE, Termination.FILLED},
    "misere": {Termination.LOSING_LINE, Termination.FILLED},
    "notakto": {Termination.LAST_BOARD},
    "ultimate": {Termination.LINE, Termination.FILLED},
}
"""Why a game of each family may end on the board."""


def played(rules: Rules, first: Mark, picks: list[int]) -> list[Position]:
    """The positions of a game under `rules` whose moves `picks` choose among the legal ones."""
    positions = [start_position(rules, first)]
    for pick in picks:
        moves = positions[-1].legal_moves
        if not moves:
            break
        positions.append(positions[-1].play(moves[pick % len(moves)]))
    return positions


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RULES), st.lists(st.integers(0, 80), max_size=81))
def test_a_position_read_from_its_text_is_the_one_the_game_reached(
    rules: Rules, picks: list[int]
) -> None:
    for position in played(rules, Mark.X, picks):
        text = str(position)
        assert read_position(rules, text) == position  # the side to move inferred: X moved first
        assert read_position(rules, text).to_move is position.to_move
        assert rules.rulebook.read(text) == position  # its board's number read from the text
    for position in played(rules, Mark.O, picks):
        assert read_position(rules, str(position), position.to_move) == position


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RULES), st.sampled_from(list(Mark)), st.lists(st.integers(0, 80)))
def test_a_game_ends_as_its_rulebook_says(rules: Rules, first: Mark, picks: list[int]) -> None:
    *before, last = played(rules, first, [*picks, *range(81)])
    outcome = last.outcome
    assert outcome is not None and outcome.reason in ENDINGS[rules.family.value]
    mover = before[-1].to_move
    if outcome.is_draw:
        assert rules.draws and outcome.reason is Termination.FILLED and not outcome.line
    else:  # a line ended it: its maker lost where a line loses
        assert outcome.line and outcome.winner is (mover.other if rules.line_loses else mover)
    assert ({mark for mark in last if mark is not None} == {Mark.X}) is rules.shares_marks


@pytest.mark.parametrize(
    ("rules", "text", "refusal"),
    [
        (Rules.of(4), "X../.../...", "is not a position of normal 4"),
        (Rules.notakto(2), "X../.../...", "is not a position of notakto 2"),
        (Rules.of(3), "XX./.../...", "turns must alternate"),
    ],
)
def test_a_text_that_is_not_a_position_of_the_rules_is_refused(
    rules: Rules, text: str, refusal: str
) -> None:
    with pytest.raises(ValueError, match=refusal):
        read_position(rules, text)


def test_a_text_read_without_its_rules_number_takes_the_texts() -> None:
    assert find_rules("misere").rulebook.read("..../..../..../....").rules == find_rules("misere 4")
    assert find_rules("notakto").rulebook.read("X../.../... .../.../...").rules.boards == 2
    with pytest.raises(ValueError, match="normal is played on a board of 3, 4, 5, not 6"):
        find_rules("normal").rulebook.read("/".join(["......"] * 6))

"""The game notation: one readable line per game that reads back as the same game, and
refuses anything else with a NotationError that says why."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import RULES, GameKind, Mark, Mode, Rules, player_name
from nac.core.notation import (
    LONGEST_LINE,
    PERSON,
    PLAYERS,
    Ending,
    NotationError,
    SavedGame,
    format_game,
    parse_game,
)
from nac.core.players import LONGEST_NAME, named
from nac.core.positions import start_position

EXAMPLE = (
    "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=X-wins"
    " : b2 a1 c3 a3 a2 c1 c2"
)
WHEN = datetime(2026, 11, 22, 14, 5, 9, tzinfo=UTC)


def test_the_documented_example_reads_as_the_game_it_describes() -> None:
    game = parse_game(EXAMPLE)
    assert game == SavedGame(
        WHEN,
        Mode.COMPUTER,
        Rules.of(3),
        PERSON,
        "idiot",
        Mark.X,
        Ending.X_WINS,
        (4, 0, 8, 6, 3, 2, 5),
    )
    assert format_game(game) == EXAMPLE
    outcome = game.board.outcome
    assert outcome is not None and outcome.winner is Mark.X
    assert game.kind == GameKind(Mode.COMPUTER, Rules.of(3), ("idiot",))


def test_a_line_is_read_in_any_case_with_any_spacing() -> None:
    shouting = "  NAC1  2026-11-22t14:05:09z  COMPUTER 3x3 x=Person o=IDIOT FIRST=x RESULT=x-WINS :"
    assert parse_game(shouting + " B2 A1 C3 A3 A2 C1 C2 \n") == parse_game(EXAMPLE)


def test_a_game_just_played_is_saved_with_its_players_and_result() -> None:
    kind = GameKind(Mode.COMPUTER, Rules.of(4), ("average",))
    game = SavedGame.of(kind, [5, 0, 6], Mark.O, human=Mark.O, date=WHEN)
    assert (game.x_player, game.o_player) == ("average", PERSON)
    assert game.ending is Ending.UNFINISHED and game.first is Mark.O
    assert format_game(game) == (
        "nac1 2026-11-22T14:05:09Z computer 4x4 X=average O=person first=O result=unfinished"
        " : b2 a1 c2"
    )
    watched = SavedGame.of(
        GameKind(Mode.WATCH, Rules.of(3), ("genius", "mixed")), [], Mark.X, date=WHEN
    )
    assert format_game(watched).endswith("watch 3x3 X=genius O=mixed first=X result=unfinished :")
    assert watched.kind.key == "watch/genius-vs-mixed"


def test_the_date_is_kept_in_utc_to_the_second() -> None:
    paris = timezone(timedelta(hours=1))
    local = datetime(2026, 11, 22, 15, 5, 9, 123456, tzinfo=paris)
    game = SavedGame.of(GameKind(Mode.TWO_PLAYER, Rules.of(3)), [4], Mark.X, date=local)
    assert game.date == WHEN
    assert " 2026-11-22T14:05:09Z " in format_game(game)
    assert SavedGame.of(GameKind(Mode.TWO_PLAYER), [], Mark.X).date.tzinfo is UTC


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", "no ':'"),
        ("hello world", "no ':'"),
        (EXAMPLE.replace("nac1", "nac2"), "'nac1' and 7 fields"),
        (EXAMPLE.replace(" first=X", ""), "'nac1' and 7 fields"),
        (EXAMPLE.replace("2026-11-22T14", "2026-02-30T14"), "not a real date"),
        (EXAMPLE.replace("2026-11-22T14:05:09Z", "yesterday"), "not a date"),
        (EXAMPLE.replace("computer", "chess"), "not a mode"),
        (EXAMPLE.replace("3x3", "6x6"), "not a board nac offers"),
        (EXAMPLE.replace("3x3", "3x4"), "not a board nac offers"),
        (EXAMPLE.replace("O=idiot", "O=grandmaster"), "not a player"),
        (EXAMPLE.replace("O=idiot", "O=person"), "1 person playing, not 2"),
        (EXAMPLE.replace("O=idiot", "Y=genius"), "is not O="),
        (EXAMPLE.replace("first=X", "first=Z"), "not a mark"),
        (EXAMPLE.replace("X-wins", "O-wins"), "the moves lead to X-wins"),
        (EXAMPLE.replace("X-wins", "victory"), "not a result"),
        (EXAMPLE.replace(" a1 ", " b2 "), "move 2, b2, is on X's square"),
        (EXAMPLE + " b1", "move 8, b1, comes after the game ended"),
        (EXAMPLE.replace(" a1 ", " d4 "), "move 2: 'd4' is not a square"),
        (EXAMPLE + "\n" + EXAMPLE, "more than one line"),
        (EXAMPLE + " " * LONGEST_LINE, "characters is not a game"),
    ],
)
def test_a_bad_line_is_refused_saying_why(line: str, problem: str) -> None:
    with pytest.raises(NotationError) as refusal:
        parse_game(line)
    assert problem in str(refusal.value)


def test_a_game_whose_fields_do_not_fit_together_cannot_be_made() -> None:
    with pytest.raises(NotationError, match="result says draw"):
        SavedGame(WHEN, Mode.TWO_PLAYER, Rules.of(3), PERSON, PERSON, Mark.X, Ending.DRAW, (4,))
    with pytest.raises(NotationError, match="time zone"):
        SavedGame(
            datetime(2026, 1, 1),
            Mode.TWO_PLAYER,
            Rules.of(3),
            PERSON,
            PERSON,
            Mark.X,
            Ending.UNFINISHED,
            (),
        )
    seven: Any = 7
    with pytest.raises(NotationError, match="7 is not the rules"):
        SavedGame(WHEN, Mode.WATCH, seven, "idiot", "idiot", Mark.X, Ending.UNFINISHED, ())
    with pytest.raises(ValueError, match="not 7"):
        Rules.of(7)


def test_a_non_text_line_is_refused() -> None:
    not_text: Any = EXAMPLE.encode()
    with pytest.raises(NotationError, match="not a line of text"):
        parse_game(not_text)


# -- properties ---------------------------------------------------------------------------------


NAMES = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    min_size=1,
    max_size=LONGEST_NAME,
).filter(lambda name: " ".join(name.split()) == name and _a_name(name))


def _a_name(name: str) -> bool:
    """Whether `name` is a name a player may have (`player_name` takes it as it is)."""
    try:
        return player_name(name) == name
    except ValueError:
        return False


@st.composite
def saved_games(draw: st.DrawFn) -> SavedGame:
    """A legal game, finished or not, under any rules (any board, misère, Notakto), with any
    players its mode allows (online: the other player by any name), ended by a resignation
    where a person could resign."""
    rules = draw(st.sampled_from(RULES))
    first = draw(st.sampled_from(list(Mark)))
    board = start_position(rules, first)
    moves: list[int] = []
    length = draw(st.integers(0, rules.cell_count))
    while board.outcome is None and len(moves) < length:
        cell = draw(st.sampled_from(board.legal_moves))
        moves.append(cell)
        board = board.play(cell)
    mode = draw(st.sampled_from(list(Mode)))
    computers = st.sampled_from([player for player in PLAYERS if player != PERSON])
    if mode is Mode.TWO_PLAYER:
        players = (PERSON, PERSON)
    elif mode is Mode.WATCH:
        players = (draw(computers), draw(computers))
    else:
        other = named(draw(NAMES)) if mode is Mode.ONLINE else draw(computers)
        players = (PERSON, other)
        if draw(st.booleans()):
            players = players[::-1]
    people = [mark for mark, player in zip(Mark, players, strict=True) if player == PERSON]
    resigned = None
    if board.outcome is None and mode is not Mode.WATCH and draw(st.booleans()):
        resigned = draw(st.sampled_from(people if mode is Mode.COMPUTER else list(Mark)))
    when = draw(
        st.datetimes(min_value=datetime(1970, 1, 1), max_value=datetime(9999, 12, 31))
    ).replace(microsecond=0, tzinfo=UTC)
    return SavedGame(when, mode, rules, *players, first, Ending.of(board, resigned), tuple(moves))


@settings(max_examples=150, deadline=None)
@given(saved_games())
def test_every_legal_game_reads_back_as_itself(game: SavedGame) -> None:
    line = format_game(game)
    assert parse_game(line) == game
    assert len(line) <= LONGEST_LINE and "\n" not in line


WORDS = st.sampled_from(
    [
        "nac1", ":", "2026-11-22T14:05:09Z", "computer", "watch", "two-player", "3x3", "5x5",
        "X=person", "O=idiot", "X=average", "first=X", "first=O", "result=draw",
        "result=X-wins", "result=unfinished", "a1", "b2", "c3", "e5", "d4", "=", "x",
    ]
)  # fmt: skip


@settings(max_examples=250, deadline=None)
@given(
    st.one_of(
        st.text(max_size=400),
        st.lists(WORDS, max_size=40).map(" ".join),
        st.lists(st.one_of(WORDS, st.text(max_size=6)), max_size=30).map(" ".join),
    )
)
def test_junk_never_crashes_the_reader_only_refuses(line: str) -> None:
    try:
        game = parse_game(line)
    except NotationError:
        return
    assert parse_game(format_game(game)) == game


def test_the_example_in_the_specification_is_a_game() -> None:
    from nac.core import notation

    assert notation.__doc__ is not None
    example = notation.__doc__.splitlines()[2].strip()
    assert format_game(parse_game(example)) == example

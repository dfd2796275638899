"""Your mistakes, drilled: a person's mistakes in saved games become drills (never the
computer's), each due at once and brought back by its schedule, retired once answered right
three times in a row and never added again; kept in the stats file on a real file system, a
bad drill in the file set aside like any bad stats file."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from nac.core import (
    GameKind,
    GameResult,
    Level,
    Mark,
    Mode,
    NotaktoBoard,
    Rules,
    SavedGame,
    Variant,
    format_game,
)
from nac.engine.drills import drills_of, mistakes_in, unscanned
from nac.engine.review import Rating, review_game
from nac.store import Stats, Storage
from nac.store.drills import RIGHT_TO_RETIRE, new_card, reviewed_card
from nac.store.paths import StorageDirs

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


def blundering_game() -> SavedGame:
    """You (X) a2, Genius a1, you a3 (a blunder: Genius now wins), Genius b1, you c3, Genius
    c1 along the top: a game lost to Genius."""
    kind = GameKind(Mode.COMPUTER, Rules.of(3), (Level.GENIUS.value,))
    return SavedGame.of(kind, [3, 0, 6, 1, 8, 2], Mark.X, date=NOW)


def test_a_persons_mistakes_become_drills_and_the_computers_moves_never_do() -> None:
    game = blundering_game()
    review = review_game(game.moves, game.rules, game.first)
    drills = drills_of(game, review)
    mistakes = [m for m in review.moves if m.rating in (Rating.MISTAKE, Rating.BLUNDER)]
    assert drills and len(drills) == sum(1 for m in mistakes if m.mark is Mark.X)
    for drill in drills:
        assert drill.board.to_move is Mark.X and drill.played not in drill.answers
        assert not drill.is_right(drill.played) and drill.is_right(drill.answers[0])
    watched = SavedGame.of(
        GameKind(Mode.WATCH, Rules.of(3), ("idiot", "idiot")), game.moves, Mark.X
    )
    assert drills_of(watched, review_game(watched.moves, watched.rules)) == []


def test_a_drill_is_due_at_once_comes_back_later_and_retires_after_three_right(
    tmp_path: Path,
) -> None:
    stats = Stats(tmp_path)
    [drill, *_] = mistakes_in([blundering_game()])
    entry = (drill.key, drill.board, drill.played, drill.answers, drill.rating.value)
    assert stats.drills.add([entry], None, NOW) == 1
    assert stats.drills.add([entry], None, NOW) == 0  # the same mistake again: one drill
    [due] = stats.drills.due(NOW)
    assert due.board == drill.board and due.answers == drill.answers
    wrong = stats.drills.answered(due.key, right=False, now=NOW)
    assert wrong is not None and wrong.right == 0 and not stats.drills.due(NOW)
    when = wrong.due
    assert NOW < when <= NOW + timedelta(hours=1)  # back within the session
    for answer in range(RIGHT_TO_RETIRE - 1):
        kept = stats.drills.answered(due.key, right=True, now=when)
        assert kept is not None and kept.right == answer + 1 and kept.due > when
        when = kept.due
    assert stats.drills.answered(due.key, right=True, now=when) is None  # retired
    assert stats.drills.all() == []
    assert stats.drills.add([entry], None, when) == 0  # and never added again
    assert Stats(tmp_path).drills.all() == []  # as the file says


def test_a_blunder_played_in_one_session_is_a_drill_in_the_next(tmp_path: Path) -> None:
    dirs = StorageDirs(tmp_path, tmp_path)
    first = Storage.at(dirs)
    first.games.add(blundering_game())
    later = Storage.at(dirs)  # the next session, as the files say
    games = later.games.games()
    new = unscanned(games, later.stats.drills.scanned())
    found = mistakes_in(new)
    marker = new[-1] if new else None
    later.stats.drills.add(
        [(d.key, d.board, d.played, d.answers, d.rating.value) for d in found],
        format_game(marker) if marker else None,
        NOW,
    )
    assert len(later.stats.drills.due(NOW)) == len({d.key for d in found}) == 1
    [due] = later.stats.drills.due(NOW)
    assert due.played == 6 and due.rating == "blunder"
    assert unscanned(later.games.games(), later.stats.drills.scanned()) == []


def test_mistakes_under_other_rules_are_drilled_and_kept_with_their_rules(tmp_path: Path) -> None:
    # Notakto on one board: the first player wins by the centre; a corner throws the win.
    notakto = SavedGame.of(GameKind(Mode.COMPUTER, Rules.notakto(1), ("genius",)), [0], Mark.X)
    # Misère 3×3: X's corner opening loses (only the centre draws).
    misere = SavedGame.of(
        GameKind(Mode.TWO_PLAYER, Rules.of(3, Variant.MISERE)), [0], Mark.X, date=NOW
    )
    thrown, cornered = mistakes_in([notakto, misere])
    assert thrown.board == NotaktoBoard.empty(1) and thrown.played == 0
    assert thrown.answers == (4,) and thrown.rating is Rating.BLUNDER
    assert thrown.key == "notakto 1:.../.../...:X:0"
    assert cornered.key == "misere 3:.../.../...:X:0" and cornered.board.rules == misere.rules
    stats = Stats(tmp_path)
    entries = [(d.key, d.board, d.played, d.answers, d.rating.value) for d in (thrown, cornered)]
    assert stats.drills.add(entries, None, NOW) == 2
    kept = {drill.key: drill.board for drill in Stats(tmp_path).drills.due(NOW)}
    assert kept == {thrown.key: thrown.board, cornered.key: cornered.board}


def test_a_stats_file_with_a_broken_drill_is_set_aside_and_said(tmp_path: Path) -> None:
    stats = Stats(tmp_path)
    stats.record("computer/genius", GameResult.LOST)
    path = tmp_path / "stats.json"
    data = json.loads(path.read_text())
    data["drills"] = {"x": {"board": "X../.../...", "to_move": "O", "played": 99,
                            "answers": [1], "rating": "mistake", "right": 0,
                            "card": {"card_id": 1}}}  # fmt: skip
    path.write_text(json.dumps(data))
    again = Stats(tmp_path)
    assert again.drills.all() == [] and again.records() == {}
    assert again.notices and "stats" in again.notices[0].lower()


def test_a_drill_comes_back_when_the_manual_says() -> None:
    """docs/learning.md: a wrong answer brings it back in a minute, a right one in ten minutes."""
    now = datetime(2026, 1, 1, tzinfo=UTC)
    card = new_card(now)
    wrong, right = reviewed_card(card, False, now), reviewed_card(card, True, now)
    assert datetime.fromisoformat(wrong["due"]) - now == timedelta(minutes=1)
    assert datetime.fromisoformat(right["due"]) - now == timedelta(minutes=10)
    manual = (Path(__file__).parents[2] / "docs" / "learning.md").read_text(encoding="utf-8")
    assert "a wrong answer brings it\nback in a minute, a right one in ten minutes" in manual

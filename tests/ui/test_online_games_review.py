"""A player's own online games review in the app like any other (`l`, Enter): the line nac saved
as the game ended, and the line the server's record shows on the player's page (a rated game
lost on time, read from a real ledger), pasted into the saved games."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import DataTable

from nac.core import NORMAL, Mark, Mode, SavedGame, format_game
from nac.core.endings import Ending
from nac.core.kinds import GameKind
from nac.ledger.ledger import Ledger, now, sqlite_url
from nac.store import Storage
from nac.ui.screens.games import GamesScreen
from nac.ui.screens.review import ReviewScreen
from nac.ui.widgets.title_bar import TitleBar

from .helpers import make_app, press, settle

TIME_LOST = [0, 3, 1, 4]  # a1 a2 b1 b2: the flag falls with the top row open to X


def title_of(screen: ReviewScreen) -> str:
    return str(screen.query_one(TitleBar).content)


async def test_a_saved_online_game_is_listed_with_its_players_and_reviewed(
    nac_home: Path,
) -> None:
    lost_on_time = SavedGame.of(
        GameKind(Mode.ONLINE, NORMAL, ("Bo Lee",)), TIME_LOST, Mark.X, human=Mark.X,
        resigned=Mark.X,
    )  # fmt: skip
    Storage.default().games.add(lost_on_time)
    app = make_app(storage=Storage.default())
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        cells = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert "You (X)" in cells and "Bo Lee (O)" in cells and "Online" in cells
        await press(pilot, "enter")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review is not None
        assert screen.game == lost_on_time and "Bo Lee" in title_of(screen)


async def test_the_line_on_a_players_record_page_is_reviewed_when_pasted(tmp_path: Path) -> None:
    from nac.web.record import seen_by

    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        ana = await ledger.player_for_key("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA", "Ana")
        bo = await ledger.player_for_key("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB", "Bo")
        await ledger.record_game(
            pool="normal 3", rated=True, x=bo.id, o=ana.id, moves="a1 a2 b1 b2",
            result="O", why="time", started=now(), clock="3+2",
        )  # fmt: skip
        page = await ledger.player("Ana")
    finally:
        await ledger.close()
    assert page is not None
    line = seen_by(page, page.games[0]).line
    assert line is not None
    app = make_app()  # in memory: the paste is reviewed, nothing saved
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        app.screen.post_message(events.Paste(line))
        await pilot.pause()
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review is not None
        assert screen.game.moves == tuple(TIME_LOST) and screen.game.opponent == "Bo"
        assert screen.game.ending is Ending.X_RESIGNS and screen.game.player(Mark.O) == "person"
        assert "You won" in title_of(screen) and format_game(screen.game) == line

"""The record's pages and API (`nac.web.record`) on a real aiohttp server on loopback (nac's
own door), reading a real ledger on a SQLite file filled through the ledger's own calls, fetched
with a real HTTP client: what each page shows, names escaped, no script, no key, and the bounds."""

from __future__ import annotations

import re
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from nac.core import Mark
from nac.core.endings import Ending
from nac.core.notation import parse_game
from nac.ledger.ledger import Ledger, Player, now, sqlite_url
from nac.net.gate import fitted
from nac.net.limits import Limits
from nac.web.door import listen
from nac.web.record import GAMES_A_PAGE, MOST_PAGES, PLAYERS_A_PAGE, Record

SETTLING_GAMES = 18
"""Rated games between two new players that bring both below the provisional deviation."""
SCRIPT = "<script>x</script>"


def key(number: int) -> str:
    return f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{number:043d}"


@asynccontextmanager
async def record_server(ledger: Ledger | None) -> AsyncIterator[Callable[[str], str]]:
    """The record's routes on 127.0.0.1 at a free port, through nac serve's door; yields the
    URL of a path."""
    app = web.Application()
    Record(lambda: ledger).add_to(app)
    limits, gate = fitted(Limits(), trust_proxy=False)
    runner = await listen(app, "127.0.0.1", 0, gate, limits.hello_seconds)
    port = int(runner.addresses[0][1])
    try:
        yield lambda path: f"http://127.0.0.1:{port}{path}"
    finally:
        await runner.cleanup()


@asynccontextmanager
async def opened(directory: Path) -> AsyncIterator[Ledger]:
    ledger = await Ledger.open(sqlite_url(directory))
    try:
        yield ledger
    finally:
        await ledger.close()


@pytest.fixture
def in_memory_files(tmp_path: Path) -> Iterator[Path]:
    """A temporary directory in memory where the system has one (/dev/shm): the same SQLite
    file, its syncs free, for the test that records hundreds of games."""
    shared = Path("/dev/shm")
    if not shared.is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shared, prefix="nac-record-") as directory:
        yield Path(directory)


async def settle(ledger: Ledger, x: Player, o: Player, pool: str = "normal 3") -> None:
    """X and O play enough rated games for both ratings to settle, X winning two in three."""
    for number in range(SETTLING_GAMES):
        x_wins = number % 3 != 2
        await ledger.record_game(
            pool=pool,
            rated=True,
            x=x.id,
            o=o.id,
            moves="a1 b1 a2 b2 a3" if x_wins else "a1 b1 a2 b2 c3 b3",
            result="X" if x_wins else "O",
            why="line",
            started=now(),
        )


async def fetch(url: str) -> tuple[int, str, str, dict[str, str]]:
    """Status, content type, body and headers of a GET."""
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, answer.content_type, await answer.text(), dict(answer.headers)


async def fetch_json(url: str) -> Any:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        assert answer.status == 200 and answer.content_type == "application/json"
        return await answer.json()


def rows(page: str) -> list[str]:
    return re.findall(r"<tr>.*?</tr>", page, re.DOTALL)[1:]


async def test_the_leaderboard_ranks_settled_players_and_leaves_provisional_ones_out(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as ledger:
        ana = await ledger.player_for_key(key(1), "Ana")
        bo = await ledger.player_for_key(key(2), "Bo")
        cy = await ledger.player_for_key(key(3), "Cy")
        await settle(ledger, ana, bo)
        await ledger.record_game(
            pool="normal 3", rated=True, x=cy.id, o=ana.id, moves="a1 b1 a2 b2 a3",
            result="X", why="line", started=now(),
        )  # fmt: skip
        async with record_server(ledger) as url:
            status, kind, page, headers = await fetch(url("/players"))
            misere, _, other_pool, _ = await fetch(url("/players?rules=misere-4"))
            board = await fetch_json(url("/api/ratings?rules=normal+3"))
    assert (status, kind) == (200, "text/html")
    assert "<script" not in page and "script-src" not in headers["Content-Security-Policy"]
    assert "provisional" in page and "Cy" not in page
    first, second = rows(page)
    assert '<a href="/player/Ana">Ana</a>' in first and "<td>" in second and "Bo" in second
    assert '<a href="/players?rules=misere-4">4×4 misère</a>' in page
    assert misere == 200 and "No player's rating here has settled yet" in other_pool
    assert [(row["rank"], row["name"], row["games"]) for row in board["players"]] == [
        (1, "Ana", SETTLING_GAMES + 1),
        (2, "Bo", SETTLING_GAMES),
    ]
    assert board["players"][0]["deviation"] < 110 < board["players"][0]["rating"]
    assert board["rules"] == "normal 3" and board["next"] is None


async def test_a_players_page_shows_their_ratings_and_games_with_lines_that_review(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as ledger:
        ana = await ledger.player_for_key(key(1), "Ana Lee")
        bo = await ledger.player_for_key(key(2), "Bo")
        await ledger.record_game(
            pool="normal 3", rated=True, x=bo.id, o=ana.id, moves="a1 b1 a2 b2",
            result="O", why="time", started=now(), first="O",
        )  # fmt: skip
        await ledger.record_game(
            pool="notakto 2", rated=False, x=ana.id, o=None, moves="1a1 2b2",
            result="X", why="resignation", started=now(),
        )  # fmt: skip
        async with record_server(ledger) as url:
            status, kind, page, _ = await fetch(url("/player/ana%20lee"))
            data = await fetch_json(url("/api/player/Ana%20Lee"))
    assert (status, kind) == (200, "text/html") and "<h1>Ana Lee</h1>" in page
    assert "(provisional)" in page and "Notakto 2 boards" in page
    casual, rated = rows(page)[-2:]
    assert "a guest" in casual and "won: resignation" in casual and "casual" in casual
    assert '<a href="/player/Bo">Bo</a>' in rated and "won: time" in rated
    assert re.search(r"<td>1\d\d\d \+\d+</td>", rated)  # the rating after and its change
    lines = [game["line"] for game in data["games"]]
    notakto, on_time = (parse_game(line) for line in lines)
    assert on_time.player(Mark.O) == "person" and on_time.opponent == "Bo"
    assert on_time.first is Mark.O and on_time.ending is Ending.X_RESIGNS
    assert notakto.opponent == "Guest" and notakto.ending is Ending.O_RESIGNS
    assert [rating["rules"] for rating in data["ratings"]] == ["normal 3"]
    assert data["ratings"][0]["provisional"] and data["name"] == "Ana Lee"
    assert all(line in page for line in lines)


async def test_names_are_shown_escaped_and_keys_never(tmp_path: Path) -> None:
    async with opened(tmp_path) as ledger:
        mallory = await ledger.player_for_key(key(1), SCRIPT)
        bo = await ledger.player_for_key(key(2), 'Bo" onclick="x')
        await settle(ledger, mallory, bo)
        async with record_server(ledger) as url:
            answers = [
                await fetch(url(path))
                for path in (
                    "/players",
                    "/player/%3Cscript%3Ex%3C%2Fscript%3E",
                    "/api/ratings",
                    "/api/player/%3Cscript%3Ex%3C%2Fscript%3E",
                )
            ]
    (_, _, board, _), (_, _, page, _), (_, json_kind, board_json, _), _ = answers
    for html in (board, page):
        assert "<script" not in html and 'onclick="' not in html
        assert "&lt;script&gt;x&lt;/script&gt;" in html
    assert 'href="/player/%3Cscript%3Ex%3C%2Fscript%3E"' in board
    assert json_kind == "application/json" and SCRIPT in board_json
    assert all("ssh-ed25519" not in text and "AAAA" not in text for _, _, text, _ in answers)


async def test_the_leaderboard_is_paged_and_bounded(in_memory_files: Path) -> None:
    async with opened(in_memory_files) as ledger:
        players = [await ledger.player_for_key(key(n), f"P{n:02d}") for n in range(52)]
        for x, o in zip(players[::2], players[1::2], strict=True):
            await settle(ledger, x, o)
        async with record_server(ledger) as url:
            _, _, first, _ = await fetch(url("/players"))
            _, _, second, _ = await fetch(url("/players?page=2"))
            _, _, far, _ = await fetch(url(f"/players?page={MOST_PAGES}"))
            second_json = await fetch_json(url("/api/ratings?page=2"))
            first_json = await fetch_json(url("/api/ratings"))
            refused = [
                await fetch(url(f"/{where}?{query}"))
                for where in ("players", "api/ratings")
                for query in (
                    f"page={MOST_PAGES + 1}",
                    "page=0",
                    "page=-1",
                    "page=abc",
                    "page=",
                    "page=1e3",
                    "page=" + "9" * 5000,
                    "rules=chess",
                    "rules=normal+7",
                )
            ]
    assert len(rows(first)) == PLAYERS_A_PAGE and len(rows(second)) == 2
    assert 'href="/players?rules=normal-3&amp;page=2"' in first
    assert 'href="/players?rules=normal-3"' in second and "page 3" not in second
    assert [row["rank"] for row in second_json["players"]] == [51, 52]
    assert first_json["next"] == "/api/ratings?rules=normal-3&page=2"
    assert f"Page {MOST_PAGES} is past the last player" in far
    for status, kind, text, _ in refused:
        assert (status, kind) == (400, "text/plain") and text.startswith("nac: ")
        assert len(text.splitlines()) == 1 and len(text) < 300
    assert "page is a number from 1 to 1000" in refused[0][2]
    assert "normal, misere, notakto or ultimate" in refused[7][2]


async def test_a_players_games_are_paged(tmp_path: Path) -> None:
    async with opened(tmp_path) as ledger:
        ana = await ledger.player_for_key(key(1), "Ana")
        bo = await ledger.player_for_key(key(2), "Bo")
        for _ in range(GAMES_A_PAGE + 5):
            await ledger.record_game(
                pool="normal 3", rated=False, x=ana.id, o=bo.id, moves="a1 b1 a2 b2 a3",
                result="X", why="line", started=now(),
            )  # fmt: skip
        async with record_server(ledger) as url:
            _, _, first, _ = await fetch(url("/player/Ana"))
            _, _, second, _ = await fetch(url("/player/Ana?page=2"))
            _, _, third, _ = await fetch(url("/player/Ana?page=3"))
            data = await fetch_json(url("/api/player/Bo?page=2"))
    assert len(rows(first)) == GAMES_A_PAGE and 'href="/player/Ana?page=2"' in first
    assert len(rows(second)) == 5 and "page 3" not in second
    assert "Page 3 is past Ana's first game" in third
    assert len(data["games"]) == 5 and data["next"] is None and data["page"] == 2


async def test_no_such_player_and_no_record_are_plain_404s(tmp_path: Path) -> None:
    async with opened(tmp_path) as ledger, record_server(ledger) as url:
        missing = await fetch(url("/player/Nobody"))
        too_long = await fetch(url("/api/player/" + "x" * 5000))
    async with record_server(None) as url:
        unkept = await fetch(url("/players"))
    assert missing[:2] == too_long[:2] == (404, "text/plain")
    assert missing[2] == "nac: no player has that name here\n"
    assert unkept[0] == 404 and "keeps no record" in unkept[2]

"""The record's pages on `nac serve`: the leaderboard of each pool, a player's page, and the
same as JSON, read from the server's ledger (`nac.ledger`).

    /players?rules=NAME&page=N       a pool's leaderboard, 50 a page (HTML)
    /player/NAME?page=N              a player's ratings and last games, 20 a page (HTML)
    /api/ratings?rules=NAME&page=N   the leaderboard as JSON
    /api/player/NAME?page=N          the player's page as JSON

Small HTML, no scripts (a policy forbids any), every name escaped; bounded: pages of a fixed
size and at most MOST_PAGES of them, anything else in `page` or `rules` a 400 saying what is
wanted. Nothing of a player but their name, ratings and games: never a key."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from aiohttp import web

from ..core import (
    NORMAL,
    PERSON,
    RULES,
    Ending,
    Mark,
    Mode,
    Rules,
    SavedGame,
    cell_of,
    find_rules,
    format_game,
    named,
    replay,
)
from ..ledger.glicko2 import Rating
from ..present.names import rules_label, rules_name

if TYPE_CHECKING:
    from ..ledger.ledger import GameRow, Ledger, PlayerPage, Standing

PLAYERS_A_PAGE = 50
GAMES_A_PAGE = 20
MOST_PAGES = 1000
"""Page numbers past this are refused (50,000 players deep): a bound on the rows a query skips."""
LONGEST_NAME_ASKED = 100
"""A player's name in an address longer than this is no player's (a name is 20 columns)."""
LONGEST_SHOWN = 40
"""How much of a refused parameter the refusal repeats."""
GUEST = "Guest"
"""A guest's side, in the lines and the pages (guests have no page)."""
NO_RECORD = "nac: this server keeps no record of games (nac serve --database)\n"
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}
"""Every page and answer: no script runs on them, whatever a name holds."""
WHY_WORDS = {
    "line": "a line",
    "draw": "the board full",
    "resignation": "resignation",
    "time": "time",
    "forfeit": "left and did not come back",
    "abort": "aborted before the first moves",
}


def pool_query(rules: Rules) -> str:
    """A pool in an address: `normal-3` (`find_rules` reads it back)."""
    return rules.name.replace(" ", "-")


def players_url(rules: Rules, page: int = 1, api: bool = False) -> str:
    query = {"rules": pool_query(rules)} | ({"page": str(page)} if page > 1 else {})
    return f"{'/api/ratings' if api else '/players'}?{urlencode(query)}"


def player_url(name: str, page: int = 1, api: bool = False) -> str:
    address = f"{'/api/player' if api else '/player'}/{quote(name, safe='')}"
    return address + (f"?page={page}" if page > 1 else "")


# -- what a request asks ------------------------------------------------------------------------


def _refused(text: str) -> web.HTTPBadRequest:
    return web.HTTPBadRequest(text=f"nac: {text}\n", headers=PAGE_HEADERS)


def asked_page(request: web.Request) -> int:
    """The page asked for (1 by default); a 400 for anything but 1 to MOST_PAGES."""
    text = request.query.get("page", "1")
    short = len(text) <= len(str(MOST_PAGES))  # int() of 5,000 digits raises
    if short and text.isascii() and text.isdigit() and 1 <= int(text) <= MOST_PAGES:
        return int(text)
    shown = text[:LONGEST_SHOWN]
    raise _refused(f"page is a number from 1 to {MOST_PAGES}, not {shown!r}")


def asked_rules(request: web.Request) -> Rules:
    """The pool asked for (the normal 3×3 game by default); a 400 naming the choices else."""
    text = request.query.get("rules", NORMAL.name)
    try:
        return find_rules(text[:LONGEST_SHOWN])
    except ValueError as error:
        raise _refused(f"rules: {error}") from None


def asked_name(request: web.Request) -> str | None:
    """The player's name in the address, or None for one no player can have."""
    name = request.match_info.get("name", "")
    return name if 0 < len(name) <= LONGEST_NAME_ASKED else None


# -- a game as one of its players sees it -------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """A game on a player's page: their side, the other player, how it went for them."""

    game: GameRow
    side: Mark
    opponent: str | None
    """The other player's name; None for a guest."""

    @property
    def outcome(self) -> str:
        if self.game.why == "abort":
            return "aborted"
        if self.game.result == "draw":
            return "drawn"
        return "won" if self.game.result == self.side.value else "lost"

    @property
    def why(self) -> str:
        return WHY_WORDS.get(self.game.why, self.game.why)

    @property
    def ratings(self) -> tuple[float, float] | None:
        """This side's rating before and after, for a rated game."""
        game = self.game
        before, after = (
            (game.x_before, game.x_after) if self.side is Mark.X else (game.o_before, game.o_after)
        )
        return (before, after) if before is not None and after is not None else None

    @property
    def rules(self) -> Rules | None:
        try:
            return find_rules(self.game.pool)
        except ValueError:
            return None

    @property
    def line(self) -> str | None:
        """The game as a line of nac's notation, from this player's side (they are `person`,
        the other `@name`): pasted into nac's saved games (`l`) it opens the review. None if
        the record does not make a game (it always should)."""
        rules = self.rules
        if rules is None:
            return None
        game = self.game
        try:
            first = Mark.parse(game.first)
            moves = tuple(cell_of(rules, square) for square in game.moves.split())
            ending = Ending.of(replay(rules, first, moves))
            if ending is Ending.UNFINISHED and game.result in ("X", "O"):
                # lost on time, by resignation or by forfeit: saved as the loser's resignation
                ending = Ending.of(replay(rules, first, moves), Mark.parse(game.result).other)
            players = {self.side: PERSON, self.side.other: named(self.opponent or GUEST)}
            saved = SavedGame(
                game.ended.astimezone(UTC).replace(microsecond=0),
                Mode.ONLINE,
                rules,
                players[Mark.X],
                players[Mark.O],
                first,
                ending,
                moves,
            )
        except ValueError:
            return None
        return format_game(saved)


def seen_by(page: PlayerPage, game: GameRow) -> Seen:
    side = Mark.X if game.x == page.player.name else Mark.O
    return Seen(game, side, game.o if side is Mark.X else game.x)


# -- JSON ---------------------------------------------------------------------------------------


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {"rating": round(rating.rating, 1), "deviation": round(rating.deviation, 1)}


def ratings_json(rules: Rules, page: int, rows: list[Standing], more: bool) -> dict[str, Any]:
    first_rank = (page - 1) * PLAYERS_A_PAGE + 1
    return {
        "rules": rules.name,
        "page": page,
        "per_page": PLAYERS_A_PAGE,
        "players": [
            {"rank": rank, "name": row.name, **_rating_json(row.rating), "games": row.games}
            for rank, row in enumerate(rows, first_rank)
        ],
        "next": players_url(rules, page + 1, api=True) if more else None,
    }


def player_json(found: PlayerPage, page: int, more: bool) -> dict[str, Any]:
    name = found.player.name
    return {
        "name": name,
        "ratings": [
            {
                "rules": pool.pool,
                **_rating_json(pool.rating),
                "games": pool.games,
                "provisional": pool.rating.provisional,
            }
            for pool in found.ratings
        ],
        "page": page,
        "per_page": GAMES_A_PAGE,
        "games": [_game_json(seen_by(found, game)) for game in found.games],
        "next": player_url(name, page + 1, api=True) if more else None,
    }


def _game_json(seen: Seen) -> dict[str, Any]:
    game = seen.game
    return {
        "id": game.id,
        "rules": game.pool,
        "rated": game.rated,
        "x": game.x,
        "o": game.o,
        "first": game.first,
        "result": game.result,
        "why": game.why,
        "ended": game.ended.astimezone(UTC).isoformat(timespec="seconds"),
        "moves": game.moves,
        "x_rating": [game.x_before, game.x_after] if game.x_before is not None else None,
        "o_rating": [game.o_before, game.o_after] if game.o_before is not None else None,
        "line": seen.line,
    }


# -- HTML ---------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 62em; padding: 0 1em;
  color: #1d2a33; background: #fbfbf8; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { padding: 0.25em 0.7em; text-align: left; border-bottom: 1px solid #dde; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 0.85em; word-break: break-all; }
nav a, nav strong { margin-right: 0.8em; }
.quiet { color: #5b6770; }
"""


def html_page(title: str, body: Iterable[str]) -> web.Response:
    """A whole page: `title` (plain text, escaped here) and `body` (HTML, escaped by who made
    it)."""
    text = "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)} · nac</title><style>{STYLE}</style></head><body>",
            '<p class="quiet"><a href="/">Play</a> · <a href="/players">Ratings</a></p>',
            *body,
            "</body></html>",
        ]
    )
    return web.Response(text=text, content_type="text/html", headers=PAGE_HEADERS)


def _link(url: str, text: str) -> str:
    return f'<a href="{escape(url)}">{escape(text)}</a>'


def _pools_nav(current: Rules) -> str:
    links = [
        f"<strong>{escape(rules_label(rules))}</strong>"
        if rules == current
        else _link(players_url(rules), rules_label(rules))
        for rules in RULES
    ]
    return f"<nav>{' '.join(links)}</nav>"


def _paging(page: int, more: bool, url: Callable[[int], str]) -> str:
    links = [_link(url(page - 1), f"← page {page - 1}")] if page > 1 else []
    links += [_link(url(page + 1), f"page {page + 1} →")] if more else []
    return f"<p>{' · '.join(links)}</p>" if links else ""


def ratings_html(rules: Rules, page: int, rows: list[Standing], more: bool) -> web.Response:
    body = [
        f"<h1>Ratings: {escape(rules_label(rules))}</h1>",
        _pools_nav(rules),
        f"<p>{escape(rules_name(rules).capitalize())}: Glicko-2 ratings from rated games. "
        "Players whose rating is still provisional (a deviation of 110 or more, after a few "
        "rated games) are left out until it settles.</p>",
    ]
    if rows:
        first_rank = (page - 1) * PLAYERS_A_PAGE + 1
        body += [
            "<table><thead><tr><th>Rank</th><th>Player</th><th>Rating</th><th>Deviation</th>"
            "<th>Games</th></tr></thead><tbody>",
            *(
                f'<tr><td class="number">{rank}</td><td>{_link(player_url(row.name), row.name)}'
                f'</td><td class="number">{row.rating.rating:.0f}</td>'
                f'<td class="number">{row.rating.deviation:.0f}</td>'
                f'<td class="number">{row.games}</td></tr>'
                for rank, row in enumerate(rows, first_rank)
            ),
            "</tbody></table>",
        ]
    elif page > 1:
        body.append(f"<p>Page {page} is past the last player listed.</p>")
    else:
        body.append("<p>No player's rating here has settled yet.</p>")
    body += [
        _paging(page, more, lambda number: players_url(rules, number)),
        f'<p class="quiet">As JSON: {_link(players_url(rules, page, api=True), "this page")}</p>',
    ]
    return html_page(f"Ratings: {rules_label(rules)}", body)


def player_html(found: PlayerPage, page: int, more: bool) -> web.Response:
    name = found.player.name
    body = [f"<h1>{escape(name)}</h1>", "<h2>Ratings</h2>"]
    if found.ratings:
        body += [
            "<table><thead><tr><th>Rules</th><th>Rating</th><th>Deviation</th><th>Games</th>"
            "</tr></thead><tbody>",
            *(_pool_row(pool.pool, pool.rating, pool.games) for pool in found.ratings),
            "</tbody></table>",
            '<p class="quiet">A provisional rating (a deviation of 110 or more) is not on the '
            "leaderboard until it settles.</p>",
        ]
    else:
        body.append("<p>No rated games yet.</p>")
    body.append("<h2>Last games</h2>")
    if found.games:
        body += [
            "<p>Each line is the game in nac's notation: paste it into nac's saved games "
            "(<kbd>l</kbd>) and its review opens.</p>",
            "<table><thead><tr><th>Ended (UTC)</th><th>Rules</th><th>Against</th><th>Side</th>"
            "<th>Result</th><th>Rated</th><th>Line</th></tr></thead><tbody>",
            *(_game_row(seen_by(found, game)) for game in found.games),
            "</tbody></table>",
        ]
    elif page > 1:
        body.append(f"<p>Page {page} is past {escape(name)}'s first game.</p>")
    else:
        body.append("<p>No games yet.</p>")
    body += [
        _paging(page, more, lambda number: player_url(name, number)),
        f'<p class="quiet">As JSON: {_link(player_url(name, page, api=True), "this page")}</p>',
    ]
    return html_page(name, body)


def _pool_row(pool: str, rating: Rating, games: int) -> str:
    try:
        rules: Rules | None = find_rules(pool)
    except ValueError:
        rules = None
    named_pool = (
        _link(players_url(rules), rules_label(rules)) if rules is not None else escape(pool)
    )
    provisional = " (provisional)" if rating.provisional else ""
    return (
        f'<tr><td>{named_pool}</td><td class="number">{rating.rating:.0f}{provisional}</td>'
        f'<td class="number">{rating.deviation:.0f}</td>'
        f'<td class="number">{games}</td></tr>'
    )


def _game_row(seen: Seen) -> str:
    game = seen.game
    rules = seen.rules
    against = _link(player_url(seen.opponent), seen.opponent) if seen.opponent else "a guest"
    ratings = seen.ratings
    if ratings is None:
        rated = "rated" if game.rated else "casual"
    else:
        before, after = ratings
        rated = f"{after:.0f} {after - before:+.0f}"
    line = seen.line or game.moves
    return (
        f"<tr><td>{game.ended.astimezone(UTC):%Y-%m-%d %H:%M}</td>"
        f"<td>{escape(rules_label(rules) if rules else game.pool)}</td>"
        f"<td>{against}</td><td>{seen.side.value}</td>"
        f"<td>{escape(seen.outcome)}: {escape(seen.why)}</td><td>{escape(rated)}</td>"
        f"<td><code>{escape(line)}</code></td></tr>"
    )


# -- the routes ---------------------------------------------------------------------------------


class Record:
    """The record's routes on an aiohttp application; `ledger`: where they find the server's
    ledger at each request (None: the server keeps none, and they say so with a 404)."""

    def __init__(self, ledger: Callable[[], Ledger | None]) -> None:
        self._ledger = ledger

    def add_to(self, app: web.Application) -> None:
        app.router.add_get("/players", self.players_page, name="players")
        app.router.add_get("/player/{name:.+}", self.player_page, name="player")
        app.router.add_get("/api/ratings", self.ratings_api, name="api-ratings")
        app.router.add_get("/api/player/{name:.+}", self.player_api, name="api-player")

    def ledger(self) -> Ledger:
        found = self._ledger()
        if found is None:
            raise web.HTTPNotFound(text=NO_RECORD, headers=PAGE_HEADERS)
        return found

    async def _standings(self, request: web.Request) -> tuple[Rules, int, list[Standing], bool]:
        rules, page = asked_rules(request), asked_page(request)
        rows = await self.ledger().leaderboard(
            rules.name, PLAYERS_A_PAGE + 1, (page - 1) * PLAYERS_A_PAGE
        )
        return rules, page, rows[:PLAYERS_A_PAGE], len(rows) > PLAYERS_A_PAGE

    async def _player(self, request: web.Request) -> tuple[PlayerPage, int, bool]:
        page = asked_page(request)
        name = asked_name(request)
        found = None
        if name is not None:
            found = await self.ledger().player(name, GAMES_A_PAGE + 1, (page - 1) * GAMES_A_PAGE)
        if found is None:
            raise web.HTTPNotFound(text="nac: no player has that name here\n", headers=PAGE_HEADERS)
        more = len(found.games) > GAMES_A_PAGE
        found = type(found)(found.player, found.ratings, found.games[:GAMES_A_PAGE])
        return found, page, more

    async def players_page(self, request: web.Request) -> web.Response:
        return ratings_html(*await self._standings(request))

    async def ratings_api(self, request: web.Request) -> web.Response:
        return web.json_response(
            ratings_json(*await self._standings(request)), headers=PAGE_HEADERS
        )

    async def player_page(self, request: web.Request) -> web.Response:
        return player_html(*await self._player(request))

    async def player_api(self, request: web.Request) -> web.Response:
        return web.json_response(player_json(*await self._player(request)), headers=PAGE_HEADERS)

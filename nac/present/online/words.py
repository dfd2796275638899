"""Every sentence of online play, for both front ends (the app's online screen and the plain
console): pure functions of what the client knows (`nac.net.table.Table`), and the time now on
the same monotonic clock, for the countdowns."""

from __future__ import annotations

from ...core import Mark
from ...net.limits import Limits
from ...net.table import Table
from ...net.told import Invite, Lobby, OpenGame, RatingChange, Room, Search
from ..commands import COMMANDS, key_for
from ..game.words import sentence
from ..looks import ENDED_BY_THE_LOSER, look_of
from ..names import rules_label, side_label
from ..screen_commands import LOBBY_COMMANDS, ONLINE_COMMANDS, ONLINE_DIALOG_COMMANDS

TITLE = "Noughts & Crosses · online"
CONNECTING = "Connecting to the game…"
GAME_MOVED = "The game moved to another server: joining it there…"
"""Said while a player follows their game to another server (a server's `go`: it took the
game over from one that died, or this one is stopping)."""
LOBBY_CONNECTING = "Connecting to the lobby…"
WAITING_FOR_OPPONENT = "Waiting for your opponent"
WAITING_FOR_PLAYERS = "Waiting for the players"
SEND_THIS = "Send them this line:"
WATCHERS_LINE = "Watchers:"
NO_ANALYSIS = "The analysis is for watchers: the two players play on their own."
NO_LEARNING = "Hints, analysis and undo are off during an online game."
ONLINE_ALREADY = (
    f"You are in an online game already: {key_for('leave', ONLINE_COMMANDS)} leaves it first."
)


def not_online(label: str) -> str:
    """Why a command of the games of your own (the review, the lab, a setting) does not run
    during an online game."""
    return f"{label}: not during an online game ({key_for('leave', ONLINE_COMMANDS)} leaves it)."


NO_INVITE = "There is no invite to copy now: your opponent is here."
SEND_THIS_ADDRESS = "Send them this (nac join …):"
WATCHERS_ADDRESS = "Watchers (nac watch …):"
ADDRESS_LABELS = {SEND_THIS: SEND_THIS_ADDRESS, WATCHERS_LINE: WATCHERS_ADDRESS}
"""The invite's labels where a line shows only its address (the command in the label)."""
INVITE_EXPIRED = (
    "The invite expired: nobody joined in "
    f"{round(Limits().invite_seconds / 60)} minutes, and its game is closed."
)


def copied(line: str) -> str:
    """Said when `c` or `w` hands a line to the terminal's clipboard (OSC 52: a terminal may
    ignore it, so the line is named, to copy by hand)."""
    return f"Sent to your terminal's clipboard: {line}"


def keyless(why: str) -> str:
    """Said once where the player's own key cannot be made or read (`why`): nac plays on as a
    guest."""
    return f"You play as a guest (unrated, your name not kept): nac cannot keep your key ({why})."


def leave_question(action: str = "leave", verb: str = "press", runs_clock: bool = False) -> str:
    """Asked at the first press of `action` (Esc's leave, q's quit) during this player's game
    in progress (`verb`: "type" in the plain console); `runs_clock`: a rated game both sides
    have moved in, where leaving resigns nothing but the leaver's clock runs on."""
    what = (
        "Your clock keeps running (come back with your key before it runs out, or you lose on time)"
        if runs_clock
        else "It counts as resigned"
    )
    return f"Leave this game? {what}: {verb} {key_for(action, ONLINE_COMMANDS)} again to leave."


LEAVE_QUESTION = leave_question("leave")
QUIT_QUESTION = leave_question("quit")
LEAVE_QUESTIONS = {"leave": LEAVE_QUESTION, "quit": QUIT_QUESTION}
LEAVE_QUESTIONS_ON_CLOCK = {
    action: leave_question(action, runs_clock=True) for action in ("leave", "quit")
}
"""The questions where leaving runs the leaver's clock on (`OnlinePlay.leaving_runs_clock`)."""
QUIT_QUESTION_TYPED = leave_question("quit", "type")
QUIT_QUESTION_TYPED_ON_CLOCK = leave_question("quit", "type", runs_clock=True)
HOST_CHOICE = "choose('host')"
HOST_AGAIN = (
    f"{key_for('leave', ONLINE_COMMANDS)} goes back, to host again there "
    f"({key_for('app.online', COMMANDS)}, then {key_for(HOST_CHOICE, ONLINE_DIALOG_COMMANDS)}; "
    f"in a lobby, {key_for('host', LOBBY_COMMANDS)})."
)
"""After an expired invite, in the app: how to host a new game."""


def host_again_plain(relay: str = "") -> str:
    """After an expired invite, in the plain console: the command that hosts a new game."""
    return f"For a new invite: nac host{f' --relay {relay}' if relay else ''}"


def is_back(table: Table, mark: Mark) -> str:
    """Said when a dropped player's connection comes back."""
    return f"{who(table, mark)} {'are' if mark is table.you else 'is'} back."


def no_open_games(relay: str) -> str:
    """A relay's empty lobby, in the plain console: how to host there."""
    return f"No open games yet: host one with nac host --relay {relay}, and it shows here."


BACK_TO_YOUR_SEAT = "Your game is not over: back to your seat in it."
"""Said where a lobby takes a player straight back to the seat their key holds (after a drop,
from another terminal or SSH session)."""
RESIGN_QUESTION = f"Resign this game? Press {key_for('resign', ONLINE_COMMANDS)} again to resign."
NO_OPEN_GAMES = (
    f"No open games yet: {key_for('host', LOBBY_COMMANDS)} hosts one, and it shows here for "
    "others to join."
)
NOT_YET = "Not yet: the game has not begun."
NOT_HOSTING = "No game: nothing is hosted"
NO_WATCH_LINE = "There is no watch line to copy: the host has the invite."
WATCHERS_ANALYSE = (
    "Hints and undo are for games of your own: watchers have the analysis "
    f"({key_for('analysis', ONLINE_COMMANDS)})."
)


def cannot_host(where: str, why: str) -> str:
    """Said when `nac host`'s server cannot listen: why, and what to do."""
    return (
        f"Cannot host a game on {where}: {why}. {key_for('leave', ONLINE_COMMANDS)} goes back; "
        "nac host --port 0 takes any free port."
    )


def port_taken(asked: int, port: int) -> str:
    """Said when the default port is taken and the game is hosted on another."""
    return f"Port {asked} is taken here (another game hosted?): this game is on port {port}."


def clock(seconds: float) -> str:
    """ "14:52", "0:42"."""
    whole = max(0, int(seconds + 0.5))
    return f"{whole // 60}:{whole % 60:02d}"


def clock_title(table: Table) -> str:
    """ "Clock 3+2" for a game with a clock, else ""."""
    clocks = table.room.clock if table.room is not None else None
    return "" if clocks is None else f"Clock {clocks.control}"


def clock_faces(table: Table, now: float) -> list[tuple[str, bool]]:
    """Each side's clock at `now` ("X 2:56"), and whether it runs; none without a clock."""
    clocks = table.room.clock if table.room is not None else None
    if clocks is None:
        return []
    return [
        (f"{side(table, mark)} {clock(clocks.remaining(mark, now))}", mark is clocks.running)
        for mark in Mark
    ]


def first_move_due(table: Table, now: float) -> str:
    """While a side's first move is awaited in a game with a clock: "Your first move within
    0:23, or the game is aborted."; else ""."""
    room = table.room
    clocks = room.clock if room is not None else None
    if room is None or clocks is None or clocks.first_move_by is None or table.ended:
        return ""
    mark = table.game.turn
    whose = "Your" if mark is table.you else f"{room.name(mark)}'s"
    return f"{whose} first move within {clock(clocks.first_move_by - now)}, or the game is aborted."


def clock_line(table: Table, now: float) -> str:
    """The clocks in a line of their own, for the console: "Clock 3+2: X 2:56 (running),
    O 3:00." (and the first move's time while it is awaited); "" without a clock."""
    faces = clock_faces(table, now)
    if not faces:
        return ""
    shown = ", ".join(face + (" (running)" if running else "") for face, running in faces)
    due = first_move_due(table, now)
    return f"{clock_title(table)}: {shown}." + (f" {due}" if due else "")


def who(table: Table, mark: Mark) -> str:
    """ "You" for this player's mark, else the player's name ("X" before they are named)."""
    room = table.room
    if mark is table.you:
        return "You"
    return room.name(mark) if room is not None else str(mark)


def status(table: Table, now: float) -> str:
    """The panel's first line: whose move, the result, or what is being waited for."""
    room, game = table.room, table.game
    if table.invite_expired:
        return INVITE_EXPIRED
    if table.ended and not table.role:  # never let in
        return sentence(f"not let in: {table.error or 'the connection is closed'}")
    if table.ended and room is not None and game.outcome is not None:
        closed = sentence(table.error or "the connection is closed")
        return f"{result(table)}.{ratings(table)} {closed}"
    if table.ended:
        return sentence(f"the game cannot go on: {table.error or 'the connection is closed'}")
    if room is None and table.search is not None:
        return searching(table.search, now)
    if room is None:
        return CONNECTING
    if table.link == "lost":
        return "The connection to the game is lost: trying again…"
    if table.link == "moving":
        return GAME_MOVED
    if room.names[Mark.O] is None:
        return WAITING_FOR_OPPONENT if table.you is not None else WAITING_FOR_PLAYERS
    if room.abandoned:
        return abandoned(table)
    away = next((mark for mark in Mark if not room.online[mark]), None)
    if game.outcome is not None:
        gone = [room.name(mark) for mark in Mark if mark in room.left and mark is not table.you]
        left = "".join(f". {name} left the game" for name in gone)
        rated = ratings(table)
        return result(table) + left + (f".{rated}" if rated else ("." if left else ""))
    turn = game.turn
    where = look_of(game.rules).play_in(game)
    if away is not None:
        yours = f" Your move ({side(table, turn)}){where} meanwhile." if turn is table.you else ""
        return dropped(table, away, now) + yours
    if turn is table.you:
        return f"Your move ({side(table, turn)}){where}"
    waiting = "" if table.you is None else " …"
    return f"{room.name(turn)}'s move ({side(table, turn)}){where}{waiting}"


def searching(search: Search, now: float) -> str:
    """A quick match's search: "Searching for an opponent: 3×3, 3+2, rated · your rating 1500?
    · paired within ±150 · 12 s (Esc cancels)"."""
    kind = "rated" if search.rated else "unrated"
    mark = "?" if search.provisional else ""
    within = "any rating" if search.range is None else f"paired within ±{search.range}"
    waited = max(0, int(now - search.since))
    return (
        f"Searching for an opponent: {rules_label(search.rules)}, {search.control}, {kind} · "
        f"your rating {search.rating}{mark} · {within} · {waited} s "
        f"({key_for('leave', ONLINE_COMMANDS)} cancels)"
    )


SEARCH_CANCELS_TYPED = f"Searching: type {key_for('quit', ONLINE_COMMANDS)} to cancel."
"""The plain console's help while a quick match searches."""


def side(table: Table, mark: Mark) -> str:
    """A side as the rules name it: X or O, or in Notakto (both play X) 1 or 2."""
    rules = table.room.rules if table.room is not None else table.game.rules
    return side_label(rules, mark)


def result(table: Table) -> str:
    """ "You won", "Ana won: you resigned", "You won: Ana left and did not come back in
    time", "Sam won (X)", "Draw"."""
    game, room = table.game, table.room
    outcome = game.outcome
    if outcome is None or room is None:
        return ""
    winner = outcome.winner
    if winner is None:
        return "Draw"
    won = "You won" if winner is table.you else f"{room.name(winner)} won"
    if table.you is None:
        won += f" ({side(table, winner)})"
    if room.why == "time":
        return f"{won} on time"
    if outcome.reason in ENDED_BY_THE_LOSER:  # a line of their own, the last board killed
        loser = who(table, winner.other)
        if table.you is None:
            loser += f" ({side(table, winner.other)})"
        lowered = won.replace("You won", "you won", 1)
        return look_of(room.rules).ended(room.rules, outcome.reason, loser, lowered)
    resigned = game.resigned
    if resigned is None:
        return won
    loser = "you" if resigned is table.you else room.name(resigned)
    if room.forfeit is resigned:
        return f"{won}: {loser} left and did not come back in time"
    return f"{won}: {loser} resigned"


def rating(change: RatingChange) -> str:
    """ "1523 +12", "1662? +162" (provisional: "?"), "1490 −10", "1500 ±0"."""
    mark = "?" if change.provisional else ""
    sign = "+" if change.change > 0 else "−" if change.change < 0 else "±"
    return f"{change.rating}{mark} {sign}{abs(change.change)}"


def ratings(table: Table) -> str:
    """A rated game's end, after its result: " Rated: you 1662? +162, Ana 1338? −162." (a
    rating marked ? is provisional); "" for a game not rated."""
    room = table.room
    if room is not None and room.pair_limited:
        return " " + pair_limited(table)
    if room is None or not room.ratings:
        return ""
    sides = ", ".join(
        f"{who(table, mark) if mark is not table.you else 'you'} {rating(change)}"
        for mark, change in sorted(room.ratings.items(), key=lambda item: item[0] is not table.you)
    )
    return f" Rated: {sides}."


def pair_limited(table: Table) -> str:
    """ "Not rated: you and Ana have played 5 rated games together today, the most a day." """
    room = table.room
    assert room is not None
    most = Limits().rated_per_pair
    if table.you is None:
        players = f"{room.name(Mark.X)} and {room.name(Mark.O)}"
    else:
        players = f"you and {room.name(table.you.other)}"
    return f"Not rated: {players} have played {most} rated games together today, the most a day."


def abandoned(table: Table) -> str:
    room = table.room
    assert room is not None
    again = f"It counts for no one; {key_for('rematch', ONLINE_COMMANDS)} asks for a new game."
    if room.why == "aborted":
        return f"Aborted: {who(table, table.game.turn)} did not make a first move in time. {again}"
    gone = [mark for mark in Mark if not room.online[mark]]
    names = " and ".join(who(table, mark) for mark in gone) or "A player"
    return f"Abandoned: {names} did not come back in time. {again}"


def dropped(table: Table, mark: Mark, now: float) -> str:
    """ "Ana lost the connection: waiting 0:42 for them to come back (they rejoin with the
    same line)" ("they come back with their key" for a seat a key holds), or "Ana left the
    game" when they went on purpose."""
    room = table.room
    assert room is not None
    if mark in room.left:
        return f"{room.name(mark)} left the game."
    back_by = room.back_by[mark]
    left = clock(back_by - now) if back_by is not None else ""
    waiting = f"waiting {left} for them" if left else "waiting for them"
    how = (
        "they come back with their key" if mark in room.keyed else "they rejoin with the same line"
    )
    return f"{room.name(mark)} lost the connection: {waiting} to come back ({how})."


def game_header(table: Table) -> str:
    """ "Game 2: You (X) v Ana (O)", said as a rematch begins."""
    room = table.room
    assert room is not None
    players = " v ".join(f"{who(table, mark)} ({side(table, mark)})" for mark in Mark)
    return f"Game {room.number}: {players}"


def roster(table: Table) -> str:
    """The players in one line: "You X: Sam; Opponent O: Ana" (a watcher's: "X: Sam; O: Ana")."""
    player = "Player " if table.game.rules.shares_marks else ""
    return "; ".join(
        f"{player}{mark}: {name}" if label == mark else f"{label} {player}{mark}: {name}"
        for label, mark, name, _ in player_rows(table)
    )


def player_rows(table: Table) -> list[tuple[str, str, str, str]]:
    """(who, mark, name, connection) per side: ("You", "X", "Sam", "online"); once the game
    cannot go on or while the connection is lost, this side "offline" and the other "unknown"
    (or "left")."""
    room = table.room
    if room is None:
        return []
    rows = []
    for mark in Mark:
        name = room.names[mark]
        if table.you is None:
            label = side(table, mark)
        else:
            label = "You" if mark is table.you else "Opponent"
        seen = "online" if room.online[mark] else ("away" if name else "not here yet")
        if mark in room.left:
            seen = "left"
        if (table.ended or table.link in ("lost", "moving")) and name and mark not in room.left:
            seen = "offline" if mark is table.you else "unknown"
        rows.append((label, side(table, mark), name or "…", seen))
    return rows


def watching(room: Room) -> str:
    return f"Watching {room.watchers}" if room.watchers else "No watchers"


def score(table: Table) -> str:
    """ "Score: You 1, Ana 0, draws 2" (watchers: the names)."""
    room = table.room
    if room is None:
        return ""
    x, o, draws = room.score
    drawn = f", draws {draws}" if room.rules.draws else ""
    return f"Score: {who(table, Mark.X)} {x}, {who(table, Mark.O)} {o}{drawn}"


def rematch(table: Table) -> str:
    """What stands between this game and the next, once it is over."""
    room = table.room
    if room is None or table.ended or not (table.game.is_over or room.abandoned):
        return ""
    key = key_for("rematch", ONLINE_COMMANDS)
    others = list(Mark) if table.you is None else [table.you.other]
    for mark in others:
        if mark in room.left:
            return f"No rematch: {room.name(mark)} has left the game."
    for mark in others:
        if not room.online[mark]:
            return f"No rematch while {room.name(mark)} is away."
    if table.you is None and not room.rematch:
        return "Waiting for the players to ask for a rematch."
    if table.you is None:
        asked = " and ".join(room.name(mark) for mark in sorted(room.rematch, key=str))
        return f"{asked} asked for a rematch."
    other = table.you.other
    if table.you in room.rematch:
        return f"You asked for a rematch: waiting for {room.name(other)}."
    if other in room.rematch:
        return f"{room.name(other)} wants a rematch: {key} to accept."
    starts = "you move first" if room.first is other else f"{room.name(other)} moves first"
    return f"{key} asks for a rematch ({starts} next time)."


ELSEWHERE = (
    "These lines name {named}, not {here}, the server you are connected to: the server chose "
    "them. Send them only if {named} is the same server."
)
"""Beside an invite whose lines name another server than the one this nac reached."""


def shown(server: str) -> str:
    """A server's address as an invite line writes it."""
    return server.removeprefix("ws://")


def invite_lines(invite: Invite, now: float, *, keys: bool = True) -> list[str]:
    """The host's invite: the line for the opponent, the one for watchers (with the keys that
    copy them, where there are keys), the expiry."""
    copy = f"({key_for('copy_invite', ONLINE_COMMANDS)} copies it)" if keys else ""
    copy_watch = f"({key_for('copy_watch', ONLINE_COMMANDS)} copies it)" if keys else ""
    lines = [SEND_THIS, invite.join, copy, "", WATCHERS_LINE, invite.watch, copy_watch, ""]
    if invite.elsewhere:
        lines = [ELSEWHERE.format(named=shown(invite.server), here=shown(invite.elsewhere)), *lines]
    return [
        *(line for line in lines if line or keys),
        f"The invite expires in {clock(invite.expires_at - now)}.",
    ]


def refused(reason: str) -> str:
    return sentence(reason)


# -- a relay's lobby ---------------------------------------------------------------------------


def lobby_heading(lobby: Lobby, where: str) -> str:
    games = f"{lobby.playing} game{'s' if lobby.playing != 1 else ''} in play"
    heading = f"Open games on {where} · {games} · {lobby.watching} watching"
    if lobby.more:
        heading += f" · {len(lobby.games)} shown, open games first, {lobby.more:,} more"
    return heading


def open_game(game: OpenGame) -> str:
    """One game of the lobby: "Sam (1523) · 3×3 · waiting for an opponent" (the host's rating
    where the relay keeps ratings, "?" while provisional)."""
    host = game.host
    if game.rating is not None:
        host += f" ({game.rating}{'?' if game.provisional else ''})"
    players = host if game.guest is None else f"{host} v {game.guest}"
    if game.status == "waiting":
        doing = "waiting for an opponent"
    elif game.status == "playing":
        doing = f"move {game.moves + 1}"
    else:
        doing = "between games"
    watchers = f" · {game.watchers} watching" if game.watchers else ""
    return f"{players} · {rules_label(game.rules)} · {doing}{watchers}"


def lobby_help(name: str) -> str:
    keys = {
        action: key_for(action, LOBBY_COMMANDS) for action in ("join", "watch", "host", "match")
    }
    return (
        f"{keys['join']} joins the game chosen, {keys['watch']} watches it, {keys['host']} hosts "
        f"a game of your own, {keys['match']} finds an opponent. You play as {name} "
        f"({key_for('rename', LOBBY_COMMANDS)} changes it)."
    )


LOBBY_TITLE = "Noughts & Crosses · lobby"
SEATS_TAKEN = f"That game has its two players: {key_for('watch', LOBBY_COMMANDS)} watches it."
NO_GAME_CHOSEN = f"There is no game to choose yet: {key_for('host', LOBBY_COMMANDS)} hosts one."
DIALOG_TITLE = "Play online"
ASK = {
    "join": "Paste the line you were sent (nac join …), or its address, then Enter:",
    "watch": "Paste the watch line (nac watch …), or its address, then Enter:",
    "invite": "Paste an invite line (nac join … or nac watch …), then Enter:",
    "lobby": "A relay's address (the one nac serve prints, like 192.168.1.5:8000), then Enter:",
    "name": "Your name, as the others see it (1 to 20 characters), then Enter:",
    "clock": "The clock: minutes each, then seconds added after each move (like 3+2), then Enter:",
}
"""What the dialog asks for, per choice."""
NOTHING_TYPED = "Type or paste a line first (Esc goes back)."

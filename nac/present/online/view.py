"""What the online screen shows and allows, as pure functions of the online game (`OnlinePlay`)
and the time now: the board's view, the panel's state, and for each command whether it works
now and why not, so the footer, the keys and the refusals agree."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..commands import COMMANDS, key_actions
from ..game import availability, words
from ..game.views import BoardView, CellNote
from ..looks import look_of
from ..screen_commands import ONLINE_COMMANDS
from . import words as online_words

if TYPE_CHECKING:
    from ...net.play import OnlinePlay


class OnlinePanelState(NamedTuple):
    status: str
    """Whose move, the result, a drop's countdown, or what is being waited for."""
    players: tuple[tuple[str, str, str, str], ...] = ()
    """(who, mark, name, connection) per side (`online_words.player_rows`)."""
    watching: str = ""
    rules: str = ""
    """A word on the rules where they are not the normal game's."""
    invite: tuple[str, ...] = ()
    """The host's invite lines while it waits (`online_words.invite_lines`)."""
    watch_line: str = ""
    """The host's watch line once the invite is gone (shown where it fits on one line)."""
    score: str = ""
    moves: tuple[str, ...] = ()
    history_title: str = "Moves"
    after: str = ""
    """Once a game is over: what stands between it and the next (the rematch)."""
    message: str = ""
    """The last refusal, a question, or what a key did."""
    analysis: str = ""
    clock_title: str = ""
    """ "Clock 3+2" in a game with a clock."""
    clocks: tuple[tuple[str, bool], ...] = ()
    """Each side's clock now ("X 2:56"), and whether it runs (`online_words.clock_faces`)."""
    first_move: str = ""
    """While a first move is awaited on a clock, the time left to make it."""

    @property
    def invite_width(self) -> int:
        """The longest invite line: the panel's width must show it whole."""
        return max((len(line) for line in self.invite), default=0)


ON_THE_BOARD = availability.ON_THE_BOARD - {"hint", "next_board"}
"""A player's move (the game's, but a hint and Tab's next board): only on their turn, the
connection open."""
ALWAYS = frozenset({"help", "quit", "leave", "command_palette"})
ONLINE_ACTIONS = frozenset(
    action.partition("(")[0] for command in ONLINE_COMMANDS for _, action in command.keys
)
NOT_ONLINE = {
    name: online_words.ONLINE_ALREADY
    if name == "online"
    else online_words.not_online(command.label)
    for command in COMMANDS
    if command.label
    for _, action in command.keys
    if (name := action.partition("(")[0].removeprefix("app.")) not in ONLINE_ACTIONS | ALWAYS
    and name != "type_square"
}
"""Why each command of the game's table that an online game has not (its screens: the review,
the lab, drills, saved games, puzzles; its settings) does not run here, said when its key is
pressed."""
LEARNING_KEYS = frozenset(
    key for command in COMMANDS for key, action in command.keys if action in ("hint", "undo")
)
"""The game screen's keys for a hint and undo: no one's in an online game."""


def refusal(
    play: OnlinePlay | None,
    action: str,
    *,
    prompt_open: bool = False,
    watch_line: str = "",
) -> str | None:
    """Why `action` cannot run now, in the player's words; None if it can. `watch_line`: the
    host's watch line, kept once the invite is gone."""
    if action in ALWAYS:
        return None
    if action in NOT_ONLINE:
        return NOT_ONLINE[action]
    room = None if play is None else play.table.room
    if play is None or room is None:
        return online_words.NOT_YET
    table, game = play.table, play.game
    if table.ended:
        return online_words.status(table, table.clock())
    if action == "next_board":
        return None if availability.another_live_board(game.board) else words.ONE_BOARD
    if action in ON_THE_BOARD:
        why = play.why_not_play()
        if why is not None:
            return words.sentence(why)
        if action == "play_key" and not game.uses_keypad:
            return words.keys_play_3x3(game.size)
        if action == "type_square" and game.uses_keypad:
            return words.LETTERS_ON_3X3
        if action in ("move_prompt", "type_square") and prompt_open:
            return words.PROMPT_OPEN
        return None
    why = None
    if action == "rematch":
        why = play.why_no_rematch()
    elif action == "resign":
        why = play.why_no_resign()
    elif action == "copy_invite" and room.invite is None:
        return online_words.NO_INVITE
    elif action == "copy_watch" and not watch_line:
        return online_words.NO_WATCH_LINE
    elif action == "analysis" and table.you is not None:
        return online_words.NO_ANALYSIS
    return None if why is None else words.sentence(why)


def key_refusal(
    play: OnlinePlay | None, key: str, *, prompt_open: bool = False, watch_line: str = ""
) -> str | None:
    """What to say when `key` is pressed and none of its commands can run now (the first
    one's reason); None when one runs, or the key runs none."""
    if key in LEARNING_KEYS:
        watching = play is not None and play.table.room is not None and play.table.you is None
        return online_words.WATCHERS_ANALYSE if watching else online_words.NO_LEARNING
    bound = key_actions(key, ONLINE_COMMANDS) or key_actions(key)  # the game's, none here
    names = [action.partition("(")[0].removeprefix("app.") for _, action in bound]
    names.sort(key=lambda name: name == "type_square")  # a letter's own command says first
    reasons = [
        refusal(play, name, prompt_open=prompt_open, watch_line=watch_line) for name in names
    ]
    if not reasons or any(reason is None for reason in reasons):
        return None
    return next((reason for reason in reasons if reason), None)


def board_view(play: OnlinePlay | None, notes: tuple[CellNote | None, ...] = ()) -> BoardView:
    """The board as this side sees it: the squares' keys for a player, the last move, a
    watcher's analysis notes, and the cursor on this player's turn."""
    if play is None:
        return BoardView.empty()
    game = play.game
    last = game.last_move
    seated = play.table.you is not None and not play.table.ended
    return BoardView.of(
        game.board,
        name=look_of(game.rules).square_label(game) if seated else None,
        last=last.cell if last else None,
        notes=notes,
        playing=play.why_not_play() is None,
    )


def panel_state(
    play: OnlinePlay | None,
    now: float,
    message: str = "",
    analysis: str = "",
    watch_line: str = "",
) -> OnlinePanelState:
    """The panel of an online game at the time `now` (the client's monotonic clock);
    `watch_line`: the host's, kept once the invite is gone. Once the game cannot go on, no
    invite, no watchers, nothing to come after it (but a new game, after an expired invite)."""
    if play is None:
        return OnlinePanelState(message or online_words.CONNECTING)
    table = play.table
    room = table.room
    status = online_words.status(table, now)
    if room is None:
        return OnlinePanelState(status, message=message)
    invite = None if table.ended else room.invite
    game = play.game
    return OnlinePanelState(
        status=status,
        players=tuple(online_words.player_rows(table)),
        watching="" if table.ended else online_words.watching(room),
        rules=words.rules_words(room.rules),
        invite=tuple(online_words.invite_lines(invite, now)) if invite is not None else (),
        watch_line=watch_line if invite is None and not table.ended else "",
        score=online_words.score(table) if sum(room.score) else "",
        moves=words.moves(game),
        history_title=look_of(game.rules).moves_title(game),
        after=online_words.HOST_AGAIN if table.invite_expired else online_words.rematch(table),
        message=message,
        analysis=analysis,
        clock_title=online_words.clock_title(table),
        clocks=tuple(online_words.clock_faces(table, now)),
        first_move=online_words.first_move_due(table, now),
    )


def counting_down(play: OnlinePlay | None) -> bool:
    """Whether a countdown is shown (a search's wait, the invite's expiry, a dropped player's
    time to come back, a clock running, a first move's time): the panel is drawn again every
    second only then."""
    room = None if play is None else play.table.room
    if play is not None and room is None and play.table.search is not None:
        return not play.table.ended  # a search's wait
    if play is None or room is None or play.table.error:
        return False
    clocks = room.clock
    if room.invite is not None:
        return True
    if clocks is not None and (clocks.running or clocks.first_move_by is not None):
        return True
    over = play.game.is_over or room.abandoned
    return not over and any(room.back_by[mark] is not None for mark in room.back_by)

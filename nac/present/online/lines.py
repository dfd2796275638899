"""The online panel laid out in lines: pure arithmetic, no Textual, so tests read the text.

The status first (whose move, a drop's countdown, the result), then the message (a refusal, a
question), the host's invite while it waits (its watch line during the game, where one line
holds it), the two players with their connection, what comes after a game (the rematch), the
watchers, the score, the moves and the analysis's timing. Every sentence wraps to the width. An
invite line is never cut: where it does not fit whole its address shows alone, under a label
naming the command, and an address longer than the width breaks where it must (the copy keys
copy the whole line). When the height is short the invite first loses its blank lines and its
reminders of the keys, then the parts that matter least go; the status, the message and the
invite always stay.
"""

from __future__ import annotations

from ..panel_lines import GLUE, Section, height_of, packed, stacked_up, wrapped
from ..runs import Line
from . import words as online_words
from .view import OnlinePanelState

LABEL_WIDTH = 9
"""Room for "Opponent" and a space."""
CONNECTION = {
    "online": "● online",
    "away": "○ away",
    "left": "○ left",
    "offline": "○ offline",
    "unknown": "? unknown",
}
"""The connection as the panel shows it: a sign as well as a word, for screens without colour."""


def invite_lines(line: str, width: int) -> list[Line]:
    """An invite line (`nac join ADDRESS`) whole if it fits, else its address alone (the
    label before it names the command: `invite_section`), broken only if even that is too
    long."""
    if len(line) <= width:
        return [((line, "invite"),)]
    address = line.rpartition(" ")[2]
    step = max(1, width)
    return [((address[at : at + step], "invite"),) for at in range(0, len(address), step)]


def invite_section(state: OnlinePanelState, width: int, compact: int = 0) -> list[Line]:
    """The invite's lines; `compact` 1: without the blank lines, 2: nor the reminders of the
    keys that copy the lines (the footer names them too)."""
    lines: list[Line] = []
    invite = state.invite
    last = len(invite) - 1
    for index, text in enumerate(invite):
        if (compact and not text) or (compact > 1 and text.startswith("(")):
            continue
        following = invite[index + 1] if index < last else ""
        if text in online_words.ADDRESS_LABELS and len(following) > width:
            text = online_words.ADDRESS_LABELS[text]  # the line below shows its address only
        if not text:
            lines.append(())
        elif text.startswith("nac "):
            lines += invite_lines(text, width)
        elif index == last:
            lines += wrapped(text, width, "")
        else:
            lines += wrapped(text, width, "dim" if text.startswith("(") else "label")
    return lines


def watch_line_lines(line: str, width: int) -> list[Line]:
    """The host's watch line during a game, never broken: after its label where the two fit
    on one line, else under it (the address alone under a label naming the command), else not
    at all."""
    address = line.rpartition(" ")[2]
    label = online_words.WATCHERS_LINE
    if not line or len(address) > width:
        return []
    if len(label) + 1 + len(line) <= width:
        return [((label + " ", "label"), (line, "invite"))]
    if len(line) <= width:
        return [((label, "label"),), ((line, "invite"),)]
    return [((online_words.WATCHERS_ADDRESS, "label"),), ((address, "invite"),)]


def player_lines(state: OnlinePanelState, width: int) -> list[Line]:
    """A row per side: who, the mark, the name and the connection ("You      X  Sam  ● online");
    where that is too long, the mark first and "(you)" after the name ("X  Sam (you)  ●"), the
    connection's sign alone if need be."""
    lines: list[Line] = []
    narrow = any(
        len(f"{_head(label, mark)}{name}  {CONNECTION.get(seen, seen)}") > width
        for label, mark, name, seen in state.players
    )
    for label, mark, name, seen in state.players:
        head = _head(label, mark)
        if narrow:
            head, name = f"{mark}  ", name + (" (you)" if label == "You" else "")
        if seen == "not here yet":
            lines.append(((head, "label"), (f"({seen})", "dim")))
            continue
        connection = CONNECTION.get(seen, seen)
        if len(head) + len(name) + 2 + len(connection) > width:
            connection = connection[0]
        room = max(1, width - len(head) - 2 - len(connection))
        shown = name if len(name) <= room else name[: room - 1] + "…"
        style = "online" if seen == "online" else "away"
        lines.append(((head, "label"), (shown, ""), ("  ", ""), (connection, style)))
    if state.watching:
        lines.append(((state.watching, "dim"),))
    if state.rules:
        lines += wrapped(state.rules, width, "dim")
    return lines


def _head(label: str, mark: str) -> str:
    """A side's row before its name: who it is (unless that is its mark) and its mark."""
    return f"{mark}  " if label == mark else f"{label:<{LABEL_WIDTH}}{mark}  "


def clock_lines(state: OnlinePanelState, width: int) -> list[Line]:
    """Both clocks on one line, the running one marked ("Clock 3+2 ▸X 2:56  O 3:00"); the
    title on a line of its own where the three do not fit; then the first move's time."""
    if not state.clocks:
        return []
    faces: list[tuple[str, str]] = []
    for face, running in state.clocks:
        faces += [("  ", "")] if faces else []
        faces.append((f"▸{face}", "running") if running else (face, ""))
    shown = sum(len(text) for text, _ in faces)
    title = state.clock_title
    lines: list[Line] = []
    if len(title) + 1 + shown <= width:
        lines.append(((title + " ", "label"), *faces))
    else:
        lines += [((title, "label"),), tuple(faces)]
    return lines + wrapped(state.first_move, width, "message")


PLAYERS = 7
"""The players' section: where it does not fit whole, its first rows (who plays)."""


def sections(state: OnlinePanelState, width: int, compact: int = 0) -> list[Section]:
    boxed = f" {state.status} "  # its spaces belong to the reversed box
    status: list[Line] = [((boxed.replace(GLUE, " "), "status"),)]
    if len(boxed) > width:
        status = wrapped(state.status, width, "status")
    found: list[Section] = [
        (9, status),
        (9, clock_lines(state, width)),
        (8, wrapped(state.message, width, "message")),
        (9, invite_section(state, width, compact)),
        (PLAYERS, player_lines(state, width)),
        (6, watch_line_lines(state.watch_line, width)),
        (8, wrapped(state.after, width, "")),
        (5, wrapped(state.score.replace("draws ", "draws" + GLUE), width, "")),
    ]
    if state.moves:
        moves: list[Line] = wrapped(state.history_title, width, "label")
        moves += [((line, ""),) for line in packed(state.moves, width)]
        found.append((4, moves))
    if state.analysis:
        found.append((3, wrapped(state.analysis, width, "dim")))
    return [(priority, lines) for priority, lines in found if lines]


def online_panel_lines(
    state: OnlinePanelState, width: int, height: int, stacked: bool = False
) -> list[Line]:
    """The panel's lines in width×height: beside the board a blank line between the parts,
    under it none; the invite compact if it does not fit whole (before any part goes)."""
    gap = 0 if stacked else 1
    for compact in (0, 1, 2):
        kept = sections(state, width, compact)
        if height_of(kept, gap) <= height:
            break
    return stacked_up(kept, height, gap, PLAYERS, latest=4)

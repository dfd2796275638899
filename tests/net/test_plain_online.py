"""`nac host --plain`, `nac join --plain` and `nac watch --plain` as a player runs them: three
processes on this machine, the joiner and the watcher started with the lines the host printed,
a game played to the end, and a joiner killed mid-game who comes back with the same line; `nac
match --plain`: two searches on a relay paired and played to the end, and a search cancelled."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

from nac.net.limits import Limits
from nac.present.game import words
from nac.present.online import words as online_words
from nac.store import Storage
from nac.store.paths import StorageDirs

from .helpers import LONGEST_WAIT, game_server

pytestmark = pytest.mark.long


class Plain:
    """One `nac ... --plain` process: lines typed in, what it prints read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.seen: list[str] = []

    @classmethod
    async def start(cls, *args: str, home: Path) -> Plain:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "nac", *args, "--plain",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "NAC_HOME": str(home), "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        return cls(process)

    async def line(self, pattern: str) -> str:
        """The next printed line that matches `pattern` (a regular expression)."""
        try:
            return await asyncio.wait_for(self._line(pattern), LONGEST_WAIT)
        except TimeoutError:
            raise AssertionError(f"no {pattern!r} in time; printed: {self.seen}") from None

    async def _line(self, pattern: str) -> str:
        assert self.process.stdout is not None
        while True:
            raw = await self.process.stdout.readline()
            if not raw:
                raise AssertionError(f"ended before {pattern!r}; printed: {self.seen}")
            text = raw.decode().rstrip("\n")
            self.seen.append(text)
            if re.search(pattern, text):
                return text

    async def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{text}\n".encode())
        await self.process.stdin.drain()

    async def wait(self) -> int:
        async with asyncio.timeout(LONGEST_WAIT):
            return await self.process.wait()

    async def end(self) -> int:
        if self.process.returncode is None:
            await self.type("q")
        async with asyncio.timeout(LONGEST_WAIT):
            return await self.process.wait()


async def test_host_join_and_watch_in_plain_text_play_a_game_to_the_end(tmp_path: Path) -> None:
    homes = [tmp_path / name for name in ("host", "join", "watch")]
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=homes[0])  # fmt: skip
    join_line = await host.line(r"^nac join ")
    watch_line = await host.line(r"^nac watch ")
    await host.line("Waiting for your opponent")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=homes[1])
    await host.line("Your move")
    await guest.line(r"Sam's move \(X\)")
    watcher = await Plain.start(*watch_line.split()[1:], home=homes[2])
    await watcher.line(r"Sam's move \(X\)")
    for turn, square in enumerate("512837469"):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        await mover.type(square)
        await other.line(rf"played {square}\.")
    for one in (host, guest, watcher):
        await one.line("^Draw")
        await one.line("^Score: .* draws 1")
    assert await guest.end() == 0 and await watcher.end() == 0 and await host.end() == 0
    board = [line for line in watcher.seen if line.startswith((" X ", " O "))][-3:]
    assert board == [" O | X | X ", " X | X | O ", " O | O | X "]
    kept = [Storage.at(StorageDirs(home, home)).games.last() for home in homes]
    assert kept[0] is not None and kept[1] is not None
    assert kept[0].opponent == "Ana" and kept[1].opponent == "Sam"
    assert kept[0].moves == kept[1].moves
    assert kept[2] is None  # a watcher keeps nothing


async def test_a_joiner_killed_mid_game_is_reported_and_the_same_line_resumes(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await guest.line(r"Sam's move")
    await host.type("5")
    await guest.line(r"played 5\.")
    guest.process.kill()
    await guest.process.wait()
    await host.line(r"^Ana lost the connection: waiting \d:\d\d for them to come back")
    again = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await again.line(r"1\. Sam \(X\) played 5\.")
    await host.line(r"^Ana is back\.$")
    await again.line("Your move")
    await again.type("1")
    await host.line(r"Ana \(O\) played 1\.")
    await again.type("q")  # mid-game: asked first, as leaving counts as resigning
    await again.line(re.escape(online_words.QUIT_QUESTION_TYPED))
    assert again.process.returncode is None
    await again.type("quit")
    await host.line(r"^You won: Ana resigned")
    assert await again.end() == 0 and await host.end() == 0


async def test_a_rematch_prints_its_number_and_the_board_and_a_watcher_has_the_analysis(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    watch_line = await host.line(r"^nac watch ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await guest.line(r"Sam's move")
    watcher = await Plain.start(*watch_line.split()[1:], home=tmp_path / "watch")
    await watcher.line(r"^X: Sam; O: Ana$")  # the marks said once
    await watcher.line(r"^You are watching: t turns the analysis on")  # said at once
    await watcher.type("t")
    await watcher.line(re.escape(words.ANALYSIS_ON))
    assert await watcher.line(r" · ") == " · ".join(f"{square} draw" for square in "123456789")
    analyses = []
    for turn, square in enumerate("1425"):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        await mover.type(square)
        await other.line(rf"played {square}\.")
        analyses.append(await watcher.line(" · "))  # each position's, before the next move
    # after O's 5, for X to move: how each square left ends with perfect play
    assert analyses[-1] == "3 win in 1 · 6 draw · 7 loss in 1 · 8 loss in 1 · 9 loss in 1"
    await host.type("3")  # X takes the top row
    await host.line("^You won")
    await host.type("q")  # between games: no question
    await guest.line("^Sam won")
    await guest.type("r")
    assert await host.wait() == 0
    await guest.line(r"^Sam won\. The host has closed the game\.$")  # the result stays
    assert await guest.wait() == 1 and await watcher.end() in (0, 1)


async def test_both_asking_for_a_rematch_prints_its_number_and_the_fresh_board(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await guest.line(r"Sam's move")
    for turn, square in enumerate("14253"):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        await mover.type(square)
        await other.line(rf"played {square}\.")
    await guest.line("^Sam won")
    await guest.type("r")
    await host.line("Ana wants a rematch")
    await host.type("r")
    await host.line(r"^Game 2: You \(X\) v Ana \(O\)\.$")
    assert await host.line(r"\|") == " 1 | 2 | 3 "
    await guest.line(r"^Game 2: Sam \(X\) v You \(O\)\.$")
    await guest.line("^Your move")
    await guest.type("q")
    await guest.type("q")
    assert await guest.wait() == 0 and await host.end() == 0


async def test_an_empty_lobby_says_how_to_host_there() -> None:
    async with game_server(relay=True) as served:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "nac", "lobby", served.url, "--plain",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip
        said, _ = await asyncio.wait_for(process.communicate(), LONGEST_WAIT)
        where = served.url.removeprefix("ws://")
    assert f"host one with nac host --relay {where}," in said.decode()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["join", "192.168.1.5:7878"], "has no invite key at its end"),
        (["join", "nowhere:7/short"], "has 5 characters, an invite's has 16"),
        (["host", "--name", "\x1b[31mred"], "a name is 1 to 20 printable, visible characters"),
        (["host", "--size", "7"], "7"),
        (["host", "--port", "70000"], "is not a port"),
        (["lobby", "ftp://x y"], "is not a server's address"),
    ],
)
async def test_a_bad_online_option_is_refused_with_a_clear_message(
    args: list[str], says: str
) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "nac", *args, "--plain",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, error = await asyncio.wait_for(process.communicate(), LONGEST_WAIT)
    assert process.returncode == 2
    assert says in error.decode() and "Traceback" not in error.decode()


@pytest.mark.parametrize("typed", [b"", b"\n", b"\n\n\n"], ids=["nothing", "Enter", "3 Enters"])
async def test_joining_where_no_server_answers_says_so_and_ends(typed: bytes) -> None:
    """Piped (`echo | nac join ...`): the input ends before the client gives up, and still the
    reason is said and the status is 1."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "nac", "join", "127.0.0.1:9/k3Jx9qLm2Rt8vW4z", "--plain",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    said, _ = await asyncio.wait_for(process.communicate(typed), LONGEST_WAIT)
    assert process.returncode == 1
    assert "no game server answers there" in said.decode()
    assert "watching" not in said.decode()


async def test_an_invite_expired_unused_says_so_and_how_to_host_again(tmp_path: Path) -> None:
    now = [1000.0]
    async with game_server(Limits(), clock=lambda: now[0]) as served:
        room = served.room(host="Sam")
        host = await Plain.start("join", str(served.address(room.host.key)), home=tmp_path)
        await host.line("^Waiting for your opponent")
        now[0] += Limits().invite_seconds + 1  # the server's sweep closes the room
        await host.line(f"^{re.escape(online_words.INVITE_EXPIRED)}$")
        await host.line(r"^For a new invite: nac host\.$")
        assert await host.wait() == 1


async def test_a_key_that_cannot_be_read_plays_as_a_guest_and_says_so(tmp_path: Path) -> None:
    home = tmp_path / "host"
    (home / "player-key").mkdir(parents=True)  # the player's key cannot be read: a directory
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=home)  # fmt: skip
    said = await host.line(r"guest")
    assert said.startswith(online_words.keyless("")[:40]) and "player-key" in said
    join_line = await host.line(r"^nac join ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "ana")
    await guest.line(r"Sam's move")  # the game is played all the same
    assert await guest.end() == 0 and await host.end() == 0
    assert not any("guest" in line for line in guest.seen)  # Ana's key was made: no such line


async def test_a_result_that_cannot_be_saved_is_said_in_plain_text(tmp_path: Path) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    nowhere = tmp_path / "a-file"
    nowhere.write_text("not a directory")  # nothing can be saved under it
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=nowhere)
    await guest.line(r"Sam's move")
    for turn, square in enumerate("14253"):
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        await mover.type(square)
        await other.line(rf"played {square}\.")
    await guest.line("^Sam won")
    said = await guest.line("^Cannot save your stats file in ")
    assert said.endswith("playing on without saving.")
    await guest.line("^Cannot save your saved games file in ")
    assert await guest.end() == 0 and await host.end() == 0


async def test_nac_host_variant_misere_and_nac_join_play_misere_in_two_terminals(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--variant", "misere", "--port", "0", "--bind", "127.0.0.1",
                             "--name", "Sam", home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await guest.line(r"^Misère: three in a row of your own loses")
    for turn, square in enumerate("14253"):  # Sam (X) makes the top row: in misère, he loses
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        await mover.type(square)
        await other.line(rf"played {square}\.")
    await guest.line("^Sam made three in a row: misère, so you won")
    await host.line("^You made three in a row: misère, so Ana won")
    assert await guest.end() == 0 and await host.end() == 0
    kept = Storage.at(StorageDirs(tmp_path / "join", tmp_path / "join")).games.last()
    assert kept is not None and kept.rules.name == "misere 3"


async def test_nac_match_in_plain_text_pairs_with_another_and_plays(tmp_path: Path) -> None:
    async with game_server(relay=True) as served:
        sam = await Plain.start("match", served.url, "--name", "Sam", home=tmp_path / "sam")
        await sam.line(r"^Searching for an opponent: 3×3, 3\+2, unrated · your rating 1500\?")
        await sam.line(r"^Searching: type q to cancel\.$")
        ana = await Plain.start("match", served.url, "--name", "Ana", home=tmp_path / "ana")
        await sam.line("Your move")  # the first to search moves first, their ratings equal
        await ana.line(r"Sam's move \(X\)")
        for turn, square in enumerate("512837469"):
            mover, other = (sam, ana) if turn % 2 == 0 else (ana, sam)
            await mover.type(square)
            await other.line(rf"played {square}\.")
        for one in (sam, ana):
            await one.line("^Draw")
        (room,) = served.referee.rooms
        assert room.matched and not room.listed and str(room.time_control) == "3+2"
        assert await sam.end() == 0 and await ana.end() == 0


async def test_q_cancels_a_plain_search(tmp_path: Path) -> None:
    async with game_server(relay=True) as served:
        sam = await Plain.start("match", served.url, "--clock", "1+0", home=tmp_path / "sam")
        await sam.line(r"^Searching for an opponent: 3×3, 1\+0")
        assert len(served.referee.queues) == 1
        assert await sam.end() == 0
        async with asyncio.timeout(LONGEST_WAIT):
            while len(served.referee.queues):
                await asyncio.sleep(0.01)

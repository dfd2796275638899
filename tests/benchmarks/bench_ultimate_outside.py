"""Benchmark of Ultimate's Genius against bots nobody here wrote (the CodinGame arena's, built
apart from this project: none of their code is here), through `ultimate_outside`'s adapter:
each side starts half the games, both at the same time a move, every move checked legal by
rules written apart from nac's. Prints, for each bot, Genius's wins, draws and losses, its
score (a win 1, a draw a half) with a 95% margin (normal, and Wilson's interval), the mean time
a move each side took, the illegal moves and the failures (a side that times out, ends or
answers no move loses that game).

The bots are named with their command lines, in `NAC_OUTSIDE_BOTS` (`name=command,...`) or as
arguments (`name=command`); in a command `{seconds}` becomes the time a move in seconds and
`{ms}` in milliseconds (without either, the bot keeps the time its source sets, and the bench
says so). With no bot it says so and exits 0. Genius is this checkout's (`python -m nac engine`)
unless `--engine` names another command, such as another checkout's through `PYTHONPATH`.

    python -m tests.benchmarks.bench_ultimate_outside --games 10 --seconds 0.1 \\
        'arena=/path/to/bot {seconds}'

Bounded: no game starts after `--minutes` (60 by default), a game under way then stops
unfinished (not counted), and every process it started is killed before it ends.
"""

from __future__ import annotations

import argparse
import math
import os
import shlex
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .common import header
from .ultimate_outside import (
    CROSS,
    DRAW,
    NOUGHT,
    CodinGameBot,
    NacEngine,
    Record,
    bot_command,
    kill_all,
    live_processes,
    nac_command,
    play_game,
)

ENVIRONMENT = "NAC_OUTSIDE_BOTS"
GAMES = 10
SECONDS = 0.1
MINUTES = 60.0


@dataclass(frozen=True)
class Bot:
    name: str
    command: str


def bots_named(texts: Sequence[str]) -> list[Bot]:
    """The bots in `name=command` texts (several split by commas in one text)."""
    bots = []
    for text in texts:
        for part in text.split(","):
            if not part.strip():
                continue
            name, equals, command = part.partition("=")
            if not equals or not name.strip() or not command.strip():
                raise SystemExit(f"a bot is name=command, not {part.strip()!r}")
            bots.append(Bot(name.strip(), command.strip()))
    return bots


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval for a share `score` of `games` (a draw counted as half a win)."""
    if games == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_margin(score: float, games: int) -> float:
    """The normal 95% margin of a score, never below the one of a score of a half (as
    `bench_ultimate` gives it)."""
    return 1.96 * math.sqrt(max(score * (1 - score), 0.25 / games) / games) if games else 1.0


def mean_ms(values: list[float]) -> str:
    if not values:
        return "   — ms"
    return f"{statistics.fmean(values) * 1000:5.0f} ms (max {max(values) * 1000:.0f})"


def match(
    bot: Bot, games: int, seconds: float, timeout: float, deadline: float, engine: list[str]
) -> None:
    """Genius against `bot` over `games` games, Genius X in the even ones; prints each game
    and the summary."""
    args, timed = bot_command(bot.command, seconds)
    print(f"\n### Genius against {bot.name}: `{' '.join(args)}`")
    if not timed:
        print(
            f"({bot.name}'s command has no {{seconds}} or {{ms}}: it keeps its own time a move,"
            " which the bench cannot make equal)"
        )
    genius = NacEngine(seconds=seconds, name="Genius", command=engine)
    outside = CodinGameBot(bot.name, args)
    records: list[tuple[int, Record]] = []
    try:
        for number in range(games):
            if time.monotonic() >= deadline:
                print(f"(deadline reached: {number} of {games} games started)")
                break
            genius_side = CROSS if number % 2 == 0 else NOUGHT
            x, o = (genius, outside) if genius_side == CROSS else (outside, genius)
            record = play_game(x, o, timeout, deadline)
            records.append((genius_side, record))
            print(f"  game {number + 1:3d}: {game_line(record, genius_side)}", flush=True)
    finally:
        outside.end()
        genius.close()
    summary(bot.name, records)


def game_line(record: Record, genius_side: int) -> str:
    mark = "X" if genius_side == CROSS else "O"
    if record.result is None:
        verdict = "unfinished"
    elif record.result == DRAW:
        verdict = "drawn"
    else:
        verdict = (
            "Genius won"
            if record.result == genius_side
            else f"{record.o if genius_side == CROSS else record.x} won"
        )
    extra = ""
    if record.result == DRAW and record.codingame != DRAW:
        winner = "Genius" if record.codingame == genius_side else "the bot"
        extra = f" (CodinGame's referee: {winner} on won boards)"
    return f"Genius {mark}, {len(record.moves)} moves: {verdict}, {record.ending}{extra}"


def summary(name: str, records: list[tuple[int, Record]]) -> None:
    finished = [(side, r) for side, r in records if r.result is not None]
    won = sum(r.result == side for side, r in finished)
    drawn = sum(r.result == DRAW for _, r in finished)
    lost = len(finished) - won - drawn
    games = len(finished)
    score = (won + drawn / 2) / games if games else 0.0
    low, high = wilson(score, games)
    genius_times = [t for side, r in records for t in r.seconds[side]]
    bot_times = [t for side, r in records for t in r.seconds[NOUGHT if side == CROSS else CROSS]]
    genius_illegal = sum(r.illegal[side] for side, r in records)
    bot_illegal = sum(r.illegal[NOUGHT if side == CROSS else CROSS] for side, r in records)
    failures = [r.ending for _, r in records if "failed" in r.ending]
    codingame = [(side, r) for side, r in finished if r.result == DRAW and r.codingame != DRAW]
    cg_score = sum(
        1.0 if r.codingame == side else 0.0 if r.codingame != DRAW else 0.5 for side, r in finished
    )
    print(
        f"Genius against {name}: {games} games ({len(records) - games} unfinished): "
        f"{won} won, {drawn} drawn, {lost} lost; score {score:.2f} ± "
        f"{normal_margin(score, games):.2f} (Wilson 95%: {low:.2f} to {high:.2f})"
    )
    print(f"  a move: Genius {mean_ms(genius_times)}, {name} {mean_ms(bot_times)}")
    print(
        f"  illegal moves: Genius {genius_illegal}, {name} {bot_illegal}; "
        f"failures: {len(failures)}" + "".join(f"\n    {f}" for f in failures)
    )
    if codingame and games:
        print(
            f"  {len(codingame)} draws would be decided on won boards by CodinGame's referee: "
            f"Genius's score there {cg_score / games:.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.benchmarks.bench_ultimate_outside",
        description="Genius (nac engine) against outside Ultimate bots speaking CodinGame's "
        f"protocol, named as name=command in ${ENVIRONMENT} or as arguments.",
    )
    parser.add_argument("bots", nargs="*", help="name=command ({seconds} or {ms} put in)")
    parser.add_argument("--games", type=int, default=GAMES, help=f"a bot (default {GAMES})")
    parser.add_argument(
        "--seconds", type=float, default=SECONDS, help=f"a move, each side (default {SECONDS})"
    )
    parser.add_argument(
        "--minutes", type=float, default=MINUTES, help=f"for the whole run (default {MINUTES:g})"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds a move before a side loses the game (default 3 × seconds + 2)",
    )
    parser.add_argument(
        "--engine",
        default=None,
        help="the command that runs `nac engine` (default: this Python's `-m nac engine`; "
        "`env PYTHONPATH=CHECKOUT python -m nac engine` plays another checkout's Genius)",
    )
    options = parser.parse_args(argv)
    bots = bots_named(options.bots or [os.environ.get(ENVIRONMENT, "")])
    header(f"Ultimate: Genius against outside bots, {options.seconds:g} s a move")
    if not bots:
        print(
            f"No outside bot given: name them in ${ENVIRONMENT} (name=command,...) or as "
            "arguments; nothing to play."
        )
        return 0
    engine = shlex.split(options.engine) if options.engine else nac_command()
    print(f"Genius: `{' '.join(engine)}`")
    timeout = options.timeout if options.timeout is not None else 3 * options.seconds + 2
    deadline = time.monotonic() + options.minutes * 60

    def terminated(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, terminated)
    try:
        for bot in bots:
            match(bot, options.games, options.seconds, timeout, deadline, engine)
    finally:
        kill_all()
    assert live_processes() == 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

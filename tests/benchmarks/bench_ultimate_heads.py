"""Head to head of two builds of Genius's compiled Ultimate search: each a copy of nac with its
extension built in place (say `git archive HEAD nac setup.py pyproject.toml | tar -x -C DIR`
then `python setup.py build_ext --inplace` in DIR, a change's copy likewise), each played with
the constants of its own `search.py`, at a fixed number of simulations a move or a fixed time;
two random opening moves for variety (the same for both games of a pair), each side starting
half; the score of the first with its 95% margin. Not in `make bench`: a tool for measuring a
change to the search (docs/benchmarks.md, issue 41).

    python -m tests.benchmarks.bench_ultimate_heads NEW_DIR OLD_DIR 100 --simulations 50000
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from .common import header

CONSTANTS = ("EXPLORATION", "PROGRESSIVE_BIAS", "TREE_MEMORY", "CHECK_EVERY")
"""The constants of `search.py` every build's `Search.run` takes."""
OPTIONAL = {"MINIMAX_WEIGHT": "minimax", "EVALUATION_SCALE": "scale"}
"""Constants a build may have, and the keyword its `run` takes each by."""

Mover = Callable[[list[int]], int]


def load(directory: str) -> tuple[ModuleType, dict[str, float]]:
    """The compiled module of the copy of nac in `directory`, and its search's constants."""
    folder = Path(directory) / "nac" / "engine" / "ultimate"
    built = sorted(folder.glob("_ultimate*.so")) + sorted(folder.glob("_ultimate*.pyd"))
    if not built:
        raise SystemExit(f"{folder}: no compiled search (build it in place first)")
    name = f"heads_{abs(hash(directory))}._ultimate"
    spec = importlib.util.spec_from_file_location(name, built[0])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = (folder / "search.py").read_text()
    constants: dict[str, float] = {}
    for key in (*CONSTANTS, *OPTIONAL):
        found = re.search(rf"^{key} = ([0-9_.]+)", text, re.MULTILINE)
        if found:
            constants[key] = float(found.group(1).replace("_", ""))
    return module, constants


def mover(
    module: ModuleType,
    constants: dict[str, float],
    rng: random.Random,
    seconds: float | None,
    simulations: int | None,
) -> Mover:
    """A player: the build's search, its tree kept from move to move."""
    tree = module.Search()
    keywords: dict[str, float | int] = {
        "max_nodes": int(constants["TREE_MEMORY"]) // module.NODE_BYTES,
        "exploration": constants["EXPLORATION"],
        "check_every": int(constants["CHECK_EVERY"]),
        "bias": constants["PROGRESSIVE_BIAS"],
    }
    for key, keyword in OPTIONAL.items():
        if key in constants:
            keywords[keyword] = constants[key]

    def move(state: list[int]) -> int:
        for cell in module.legal(state):  # a win at once: the search would simulate nothing
            if module.winner(module.play(state, cell)) is not None:
                return int(cell)
        tree.run(state, seconds, simulations, None, seed=rng.getrandbits(64), **keywords)
        return int(tree.best_move())

    return move


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_ultimate_heads")
    parser.add_argument("first", help="a copy of nac with its search built in place")
    parser.add_argument("second")
    parser.add_argument("games", type=int)
    parser.add_argument("--simulations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    if (options.simulations is None) == (options.seconds is None):
        parser.error("give --simulations or --seconds")
    first, second = load(options.first), load(options.second)
    rules = first[0]
    if options.seconds is None:
        budget = f"{options.simulations:,} simulations"
    else:
        budget = f"{options.seconds} s"
    header(f"Ultimate: {options.first} against {options.second}, {budget} a move")
    won = drawn = lost = 0
    for game in range(options.games):
        rng = random.Random(options.seed * 100_003 + game // 2)
        state = [0] * 21 + [-1, 0]
        for _ in range(2):
            state = rules.play(state, rng.choice(rules.legal(state)))
        side = game % 2  # the first build plays X in the even games
        players = {
            side: mover(*first, random.Random(rng.random()), options.seconds, options.simulations),
            1 - side: mover(
                *second, random.Random(rng.random()), options.seconds, options.simulations
            ),
        }
        while rules.legal(state):
            state = rules.play(state, players[state[22]](state))
        found = rules.winner(state)
        if found is None:
            drawn += 1
        elif found == side:
            won += 1
        else:
            lost += 1
        played = game + 1
        score = (won + drawn / 2) / played
        margin = 1.96 * math.sqrt(score * (1 - score) / played)
        print(
            f"game {played}: the first {'XO'[side]}, {won} / {drawn} / {lost}, "
            f"{score:.3f} ± {margin:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])

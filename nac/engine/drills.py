"""Your mistakes, as drills: every mistake and blunder a person made in a saved game, under any
rules, becomes a position to solve again, the position before the move, answered right by any
move as good as the best (Genius's value; where the game is not solved, any move its search
rates best). The schedule that brings each back is kept with the stats (`nac.store.drills`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..core import Mark, Position, Rules, SavedGame, format_game
from ..core.notation import PERSON
from ..core.positions import start_position
from .review import GameReview, Rating, positions_before, review_game
from .sources import Estimating, rules_source
from .stop import StopSignal

DRILLED = (Rating.MISTAKE, Rating.BLUNDER)


class Drill(NamedTuple):
    """A position where a person went wrong: the board before the move, the move played, and
    every move that was best there."""

    board: Position
    played: int
    answers: tuple[int, ...]
    rating: Rating

    @property
    def key(self) -> str:
        """The same mistake in the same position, from any game: one drill (its rules named
        first where they are not the normal game on its board)."""
        board, rules = self.board, self.board.rules
        named = "" if rules == Rules.of(rules.size) else f"{rules.name}:"
        return f"{named}{board}:{board.to_move.value}:{self.played}"

    def is_right(self, cell: int) -> bool:
        """Whether `cell` is as good as the best move here."""
        return cell in self.answers


def drills_of(game: SavedGame, review: GameReview) -> list[Drill]:
    """The drills a reviewed game gives: its persons' mistakes and blunders, in order."""
    people = {mark for mark in Mark if game.player(mark) == PERSON}
    boards = positions_before(start_position(game.rules, game.first), game.moves)
    found = []
    for move, board in zip(review.moves, boards, strict=True):
        drilled = move.rating in DRILLED and move.shown_worse  # never an uncertain estimate
        if move.mark in people and drilled and move.best_cells:
            assert move.rating is not None
            found.append(Drill(board, move.cell, move.best_cells, move.rating))
    return found


def scanned(rules: Rules) -> bool:
    """Whether games under `rules` are scanned for drills: those every move of which is rated,
    by exact values or by estimates where the game is not solved (on 5×5 only proven values
    are known, and a review takes seconds a move)."""
    source = rules_source(rules)
    return source.exact or isinstance(source, Estimating)


def unscanned(games: list[SavedGame], marker: str | None) -> list[SavedGame]:
    """The saved games after the one whose line is `marker` (all of them if it is gone)."""
    lines = [format_game(game) for game in games]
    if marker is not None and marker in lines:
        return games[len(lines) - lines[::-1].index(marker) :]
    return list(games)


def mistakes_in(
    games: list[SavedGame],
    stop: StopSignal | None = None,
    review: Callable[[SavedGame], GameReview] | None = None,
) -> list[Drill]:
    """The drills the games give (their persons' mistakes, where the games are `scanned`), in
    order. `review` reviews a game (an engine's, to search in its process; by default here)."""
    found: list[Drill] = []
    for game in games:
        if scanned(game.rules) and PERSON in (game.x_player, game.o_player) and game.moves:
            reviewed = (
                review(game)
                if review is not None
                else review_game(game.moves, game.rules, game.first, stop)
            )
            found += drills_of(game, reviewed)
    return found

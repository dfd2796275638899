"""The review's side panel in lines: pure, no Textual. The title, whether the ratings are
exact, a summary per side, then the moves with their ratings around the one on the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core import Mark, SavedGame
from ...engine import GameReview, Rating, is_estimated
from ..looks import look_of
from ..names import side_label
from ..panel_lines import GLUE, wrapped
from ..runs import Line
from . import words as learning_words
from .review_words import side_summary, what_was_best
from .value_strip import strip_lines

CURRENT = "▶ "
OTHER = "  "
RATING_STYLES = {"blunder": "bad", "mistake": "bad", "inaccuracy": "so-so"}
"""A move's style by its rating (none for the others)."""


@dataclass(frozen=True)
class ReviewView:
    game: SavedGame
    review: GameReview | None
    """None while the ratings are being found."""
    step: int
    """How many moves are on the board (0: the empty board)."""
    name: Callable[[int], str]
    """How a square is named: a keypad key or a coordinate."""
    message: str = ""


def move_lines(view: ReviewView, number: int, cell: int, mark: Mark, width: int) -> list[Line]:
    rated = None if view.review is None else view.review.moves[number - 1]
    rating = "…" if view.review is None else "not rated"
    best = ""
    if rated is not None and rated.rating is not None:
        rating = rated.rating.value
        if rated.rating is not Rating.BEST:
            best = what_was_best(rated, view.name)
    marker = CURRENT if number == view.step else OTHER
    game = view.game
    side = side_label(game.rules, mark, game.first)
    text = marker + learning_words.review_move(number, side, view.name(cell), rating, best)
    outcome = game.board.outcome if number == len(game.moves) else None
    text += learning_words.losing_line(outcome, game.rules.size)
    style = "current" if number == view.step else RATING_STYLES.get(rating, "")
    return wrapped(text, width, style, "      ")


def review_lines(view: ReviewView, width: int, height: int) -> list[Line]:
    game = view.game
    head: list[Line] = []
    if view.review is None:
        note = learning_words.ESTIMATING if is_estimated(game.rules) else learning_words.REVIEWING
    elif not game.moves:
        note = learning_words.REVIEW_EMPTY
    else:
        note = learning_words.REVIEW_EXACT if view.review.exact else learning_words.REVIEW_SEARCHED
        if is_estimated(game.rules):
            note = learning_words.review_estimated()
        note = look_of(game.rules).review or note
    noted = wrapped(note, width, "title")
    head += noted
    if view.review is not None:
        for mark in Mark:
            side = learning_words.side_name(
                game.mode, mark, game.player(mark), game.rules, game.first
            )
            summary = side_summary(view.review.summary(mark))
            for glued in ("(move ", "(moves "):  # "(move 5)" on one line
                summary = summary.replace(glued, glued[:-1] + GLUE)
            head += wrapped(f"{side}: {summary}", width, "label", "  ")
        if view.review.moves:
            head += [(), *strip_lines(view.review, view.step, width)]
    if view.message:
        head += wrapped(view.message, width, "message")
    head.append(())
    if len(head) > height - 3 and view.review is not None:  # short: the moves before the note
        head = head[len(noted) :]
    marks = [game.first if index % 2 == 0 else game.first.other for index in range(len(game.moves))]
    moves = [
        move_lines(view, number, cell, marks[number - 1], width)
        for number, cell in enumerate(game.moves, 1)
    ]
    room = max(1, height - len(head))
    # The moves around the one on the board: from a little before it, as many as fit.
    start = max(0, view.step - 1 - room // 3)
    # ... and earlier ones while the room below the last move would stay empty.
    while start > 0 and sum(len(lines) for lines in moves[start - 1 :]) <= room:
        start -= 1
    shown: list[Line] = []
    for lines in moves[start:]:
        if len(shown) + len(lines) > room:
            break
        shown += lines
    return head + shown

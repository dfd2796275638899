"""The sentences about the variant of the rules (misère, where a line of your own loses), for
every front end."""

from __future__ import annotations

from ..core import Game, Variant
from .commands import key_for
from .names import in_a_row, variant_name

NORMAL_ONLINE = "Online games are played by the normal rules."


def rules_first(game: Game, said: str) -> str:
    """`said`, after a word on the rules in misère (nothing is added in the normal game)."""
    if game.variant is Variant.NORMAL:
        return said
    return f"Misère: {in_a_row(game.size)} of your own loses. {said}"


def variant_switch_question(variant: Variant) -> str:
    return (
        f"A game is in progress: press {key_for('next_variant')} again to play "
        f"{variant_name(variant)} (this game is dropped)."
    )

"""The rules' variants: the normal game, where a line wins, and misère, where it loses."""

from __future__ import annotations

from enum import Enum


class Variant(Enum):
    """What completing a line does: `NORMAL` wins the game, `MISERE` loses it (three in a row
    on 3×3, four on the bigger boards, as in the normal game)."""

    NORMAL = "normal"
    MISERE = "misere"

    @property
    def completer_wins(self) -> bool:
        """Whether the side that completes a line wins (else it loses)."""
        return self is Variant.NORMAL


def checked_variant(variant: object) -> Variant:
    """`variant` if it is a Variant (both are played on every board), else a TypeError."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant (Variant.NORMAL or MISERE), not {variant!r}")
    return variant

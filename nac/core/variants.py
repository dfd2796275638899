"""The rules' variants: the normal game, where a line wins, and misère, where it loses."""

from __future__ import annotations

from enum import Enum

from .choices import parse_choice


class Variant(Enum):
    """What completing a line does: `NORMAL` wins the game, `MISERE` loses it (three in a row
    on 3×3, four on the bigger boards, as in the normal game)."""

    NORMAL = "normal"
    MISERE = "misere"

    @property
    def completer_wins(self) -> bool:
        """Whether the side that completes a line wins (else it loses)."""
        return self is Variant.NORMAL

    @property
    def label(self) -> str:
        return "Misère" if self is Variant.MISERE else "Normal"

    @property
    def next(self) -> Variant:
        """The other variant (the switch's order)."""
        return Variant.MISERE if self is Variant.NORMAL else Variant.NORMAL

    @classmethod
    def parse(cls, text: str) -> Variant:
        """A variant from its name in any case ("misere", "Misère" too); ValueError otherwise."""
        folded = text.replace("è", "e").replace("È", "E") if isinstance(text, str) else text
        return parse_choice(cls, folded, "a variant")


MISERE_SIZES = (3, 4)
"""The boards misère is offered on: solved exactly there. On 5×5 Genius's book and search are
the normal game's, so misère 5×5 is refused."""


def variant_refusal(variant: Variant, size: int) -> str | None:
    """Why `variant` is not offered on a size×size board, or None if it is."""
    if variant is Variant.MISERE and size not in MISERE_SIZES:
        return (
            f"misère is played on 3×3 and 4×4, not {size}×{size}: Genius is proven perfect "
            "there, and on 5×5 nothing is proven for misère"
        )
    return None


def checked_variant(variant: object, size: int) -> Variant:
    """`variant` if it is a Variant offered on a size×size board, else a ValueError saying why."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant (Variant.NORMAL or MISERE), not {variant!r}")
    refusal = variant_refusal(variant, size)
    if refusal is not None:
        raise ValueError(refusal)
    return variant

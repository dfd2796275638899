"""Canonical keys are the same for all eight images of a position, and differ otherwise."""

import random

import pytest

from nac.engine.symmetry import permutations, symmetries, transform_bits


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
def test_the_eight_symmetries_are_distinct_permutations(size: int) -> None:
    perms = permutations(size)
    assert len(set(perms)) == 8
    for perm in perms:
        assert sorted(perm) == list(range(size * size))


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
def test_every_image_of_a_position_has_the_same_key(size: int) -> None:
    table = symmetries(size)
    rng = random.Random(size)
    cells = size * size
    for _ in range(300):
        owner = [rng.choice((0, 0, 1, 2)) for _ in range(cells)]
        mine = sum(1 << i for i, who in enumerate(owner) if who == 1)
        theirs = sum(1 << i for i, who in enumerate(owner) if who == 2)
        key = table.canonical_key(mine, theirs)
        for perm in table.permutations:
            image = table.canonical_key(transform_bits(mine, perm), transform_bits(theirs, perm))
            assert image == key
        for symmetry, perm in enumerate(table.permutations):
            assert table.transform(mine, symmetry) == transform_bits(mine, perm)


def test_positions_that_are_not_images_have_different_keys() -> None:
    table = symmetries(3)
    corner, edge, centre = (1 << 0), (1 << 1), (1 << 4)
    keys = {table.canonical_key(cell, 0) for cell in (corner, edge, centre)}
    assert len(keys) == 3
    assert table.canonical_key(corner, edge) != table.canonical_key(edge, corner)

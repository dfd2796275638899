"""Snapshot tests: the app's pictures, compared with the stored SVGs in __snapshots__.

After a deliberate change of the picture: `pytest tests/ui/test_snapshots.py --snapshot-update`,
look at the report, and `make screenshots` for the README's pictures.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .scenarios import SCENARIOS

SnapCompare = Callable[..., bool]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_app_looks_as_stored(name: str, snap_compare: SnapCompare) -> None:
    scenario = SCENARIOS[name]
    assert snap_compare(scenario.make_app(), run_before=scenario.play, terminal_size=scenario.size)

"""The online screens' pictures, compared with the stored SVGs in __snapshots__: the real
screens drawing tables that heard a real room's recorded messages (`online_scenarios`).

After a deliberate change of the picture: `pytest tests/ui/test_online_snapshots.py
--snapshot-update`, look at the report, and `make screenshots` for the README's pictures.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .online_scenarios import ONLINE_SCENARIOS

SnapCompare = Callable[..., bool]


@pytest.mark.parametrize("name", list(ONLINE_SCENARIOS))
def test_the_online_screens_look_as_stored(name: str, snap_compare: SnapCompare) -> None:
    scenario = ONLINE_SCENARIOS[name]
    assert snap_compare(scenario.make_app(), run_before=scenario.play, terminal_size=scenario.size)

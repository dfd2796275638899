"""`make screenshots`: SVG pictures of the app in each scenario, made by the app itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

from .online_scenarios import ONLINE_SCENARIOS, OnlineScenario
from .scenarios import SCENARIOS, Scenario

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


async def shoot(scenario: Scenario | OnlineScenario) -> Path:
    app = scenario.make_app()
    async with app.run_test(size=scenario.size) as pilot:
        await scenario.play(pilot)
        path = app.save_screenshot(f"{scenario.name}.svg", str(SCREENSHOTS))
    return Path(path)


def main() -> None:
    """Every scenario's picture drawn anew, and the pictures of scenarios no longer there
    removed (the browser's PNGs are `make web-screenshot`'s)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    scenarios: list[Scenario | OnlineScenario] = [*SCENARIOS.values(), *ONLINE_SCENARIOS.values()]
    drawn = set()
    for scenario in scenarios:
        path = asyncio.run(shoot(scenario))
        drawn.add(path.name)
        print(f"{path.relative_to(SCREENSHOTS.parent)}: {scenario.description}")
    for stale in sorted(set(SCREENSHOTS.glob("*.svg")) - {SCREENSHOTS / name for name in drawn}):
        stale.unlink()
        print(f"{stale.relative_to(SCREENSHOTS.parent)}: removed (no scenario draws it now)")


if __name__ == "__main__":
    main()

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
    SCREENSHOTS.mkdir(exist_ok=True)
    scenarios: list[Scenario | OnlineScenario] = [*SCENARIOS.values(), *ONLINE_SCENARIOS.values()]
    for scenario in scenarios:
        path = asyncio.run(shoot(scenario))
        print(f"{path.relative_to(SCREENSHOTS.parent)}: {scenario.description}")


if __name__ == "__main__":
    main()

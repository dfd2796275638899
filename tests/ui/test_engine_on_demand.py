"""The app's engine is made the first time it is asked anything: after the first frame, and
never just to be closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nac.core import Board
from nac.ui.app import NacApp
from nac.ui.engine_on_demand import EngineOnDemand

if TYPE_CHECKING:
    from nac.engine import Engine


def test_the_engine_is_made_on_first_use_and_not_to_be_closed() -> None:
    made: list[int] = []

    def make() -> Engine:
        from nac.engine import Engine

        made.append(1)
        return Engine()

    engine = EngineOnDemand(make)
    engine.close()
    assert not engine.made and made == []
    assert engine.is_instant(Board())  # the solved 3×3 game
    assert engine.is_instant(Board()) and made == [1]  # made once


async def test_the_app_makes_its_engine_after_the_first_frame() -> None:
    app = NacApp()
    assert isinstance(app.engine, EngineOnDemand) and not app.engine.made
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.engine.made  # asked whether the board needs the search process


def test_the_engine_is_made_once_when_threads_ask_at_once() -> None:
    import threading
    import time

    from nac.engine import Engine

    made: list[int] = []

    def make() -> Engine:
        made.append(1)
        time.sleep(0.05)  # the import takes a while: others ask meanwhile
        return Engine()

    engine = EngineOnDemand(make)
    askers = [threading.Thread(target=engine.is_instant, args=(Board(),)) for _ in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    assert made == [1]

"""The app's engine, made the first time it is asked anything. `nac.engine` is the largest of
nac's own imports and the first frame asks nothing of it (the search process, the computer's
first move and every search come after it): so it loads just after the first frame, not
before."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ..engine import Engine


class EngineOnDemand:
    """Stands for the engine `make` returns, made on first use: every attribute is its. Made
    once, whichever thread asks first (a worker's search, or the screen)."""

    def __init__(self, make: Callable[[], Engine]) -> None:
        self._make = make
        self._engine: Engine | None = None
        self._making = threading.Lock()

    @property
    def made(self) -> bool:
        """Whether the engine has been made (its module loaded)."""
        return self._engine is not None

    def close(self) -> None:
        """Stop the engine's search process, if the engine was ever made."""
        if self._engine is not None:
            self._engine.close()

    def __getattr__(self, name: str) -> Any:
        engine = self._engine
        if engine is None:
            with self._making:
                if self._engine is None:
                    self._engine = self._make()
                engine = self._engine
        return getattr(engine, name)


def _process_engine() -> Engine:
    from ..engine import ProcessEngine

    return ProcessEngine()


def process_engine_on_demand() -> Engine:
    """The app's default engine, in a search process (`ProcessEngine`), made on first use."""
    return cast("Engine", EngineOnDemand(_process_engine))

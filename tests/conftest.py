"""Every test runs with NAC_HOME in its own temporary directory: no test touches the real
home directory's settings or stats. At the end of a run, the caches Textual keeps for the life
of the process are emptied (see `release_textual_caches`)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def nac_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("nac-home")
    monkeypatch.setenv("NAC_HOME", str(home))
    return home


def release_textual_caches() -> None:
    """Empty the caches Textual keeps for the life of the process: `StylesCache.get_inner_outer`
    is an lru_cache on a method, so it keeps up to 1,024 widgets' style caches (and every line
    they drew) alive. After hundreds of apps that is some 500,000 objects, and pytest collects
    garbage five times as a run ends: over five seconds on a loaded machine, when pytest-xdist
    (execnet) interrupts the worker with SIGINT, and the KeyboardInterrupt is printed as an
    unraisable exception from hypothesis's gc callback."""
    styles = sys.modules.get("textual._styles_cache")
    if styles is not None:
        styles.StylesCache.get_inner_outer.cache_clear()
    strips = sys.modules.get("textual.strip")
    if strips is not None:
        strips.Strip.blank.cache_clear()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Before a worker says it has finished (and may be stopped): release Textual's caches,
    collect the garbage once (an unraisable exception in it is still reported), and freeze
    what is left, so that pytest's own collections as the run ends have little to go through."""
    release_textual_caches()
    gc.collect()
    gc.freeze()

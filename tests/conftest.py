"""Every test runs with NAC_HOME in its own temporary directory: no test touches the real
home directory's settings or stats."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def nac_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("nac-home")
    monkeypatch.setenv("NAC_HOME", str(home))
    return home

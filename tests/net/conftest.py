"""The online tests that need a real PostgreSQL (`postgres`: tests/ledger/conftest.py's
throwaway cluster, skipped with its one line where PostgreSQL is absent)."""

from __future__ import annotations

from ..ledger.conftest import postgres, pytest_collection_modifyitems

__all__ = ["postgres", "pytest_collection_modifyitems"]

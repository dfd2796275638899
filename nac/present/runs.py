"""Text laid out as lines of runs: some text and the name of its style (no Textual here)."""

from __future__ import annotations

Run = tuple[str, str]
"""Some text and the name of its style ("" for the widget's own)."""
Line = tuple[Run, ...]

"""Offline tools for Genius on 5×5 (nac.engine.five): the exact C solver, the book generator,
the exhaustive proof, checked games and a benchmark. See README.md; run them from the
repository root as modules: `python -m tools.five.prove`."""

# The two commands a player needs: `make play` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
CONSTRAINTS := tests/constraints.txt
ARGS ?=

.PHONY: play test lint bench check-strength screenshots openings puzzles clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "nac needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) -V 2>&1)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-play: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP) install -c $(CONSTRAINTS) -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP) install -c $(CONSTRAINTS) -e '.[test]'
	@touch $@ $(VENV)/.installed-play

## play: set up and start the game (extra arguments: make play ARGS="--level genius")
play: $(VENV)/.installed-play
	$(BIN)/nac $(ARGS)

## test: set up and run every check: ruff, mypy (the package, the tests, the tools) and pytest
test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## check-strength: the long sweeps of Genius's play (minutes; not part of make test)
check-strength: $(VENV)/.installed-test
	$(BIN)/pytest -m strength

## bench: print speed and strength figures (asserts nothing)
bench: $(VENV)/.installed-test
	$(BIN)/python -m tests.benchmarks.bench_core
	$(BIN)/python -m tests.benchmarks.bench_app
	$(BIN)/python -m tests.benchmarks.bench_big
	$(BIN)/python -m tests.benchmarks.bench_memory

## openings: rebuild the 4×4 opening table (nac/core/book_4x4.txt) from scratch
openings: $(VENV)/.installed-test
	$(BIN)/python -m tools.build_openings

## puzzles: rebuild the puzzle file (nac/core/puzzles.txt) from scratch (a few seconds)
puzzles: $(VENV)/.installed-test
	$(BIN)/python -m tools.make_puzzles

## screenshots: regenerate the SVGs in screenshots/ from the app itself
screenshots: $(VENV)/.installed-test
	$(BIN)/python -m tests.ui.make_screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

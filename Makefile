# The two commands a player needs: `make play` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
CONSTRAINTS := tests/constraints.txt
ARGS ?=

.PHONY: play test lint bench screenshots openings clean

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

## test: set up and run every check: ruff, mypy and the test suite
test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy nac
	$(BIN)/pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy nac

## bench: print speed and strength figures (asserts nothing)
bench: $(VENV)/.installed-test
	$(BIN)/python -m tests.benchmarks.bench_core
	$(BIN)/python -m tests.benchmarks.bench_app
	$(BIN)/python -m tests.benchmarks.bench_big

## openings: rebuild the 4×4 opening table (nac/core/openings_4x4.txt) from scratch
openings: $(VENV)/.installed-test
	$(BIN)/python -c "from nac.core.openings import main; main()"

## screenshots: regenerate the SVGs in screenshots/ from the app itself
screenshots: $(VENV)/.installed-test
	$(BIN)/python -m tests.ui.make_screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

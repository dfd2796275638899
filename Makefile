# The two commands a player needs: `make play` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
CONSTRAINTS := tests/constraints.txt
ARGS ?=
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
INSTALL_CHROMIUM := command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq \
	&& $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
INSTALL_SSH := command -v ssh >/dev/null 2>&1 && command -v sftp >/dev/null 2>&1 || { \
	$(SUDO) apt-get update -qq \
	&& $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-client; }
# The tests start PostgreSQL's own initdb and postgres, which Debian keeps off the PATH.
INSTALL_POSTGRES := ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	$(SUDO) apt-get update -qq \
	&& $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

.PHONY: play test lint bench check-strength screenshots openings puzzles clean serve test-web \
	test-ssh test-long test-strangers postgres test-postgres test-pure \
	prove-5x5 \
	web-screenshot

# The environment is ready once its own pip runs: a first try that failed half-way (Debian and
# Ubuntu ship venv's pip apart, in python3-venv) is made again, not used broken.
NO_VENV := nac needs Python's venv module with its pip; on Debian and Ubuntu: sudo apt install python3-venv

$(VENV)/.ready:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "nac needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) -V 2>&1)"; exit 1; }
	@$(BIN)/python -m pip --version >/dev/null 2>&1 || { \
		$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { echo "$(NO_VENV)"; exit 1; }; \
		rm -rf $(VENV); echo "$(PYTHON) -m venv $(VENV)"; \
		$(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip --version >/dev/null 2>&1 \
			|| { rm -rf $(VENV); echo "$(NO_VENV)"; exit 1; }; }
	@touch $@

# setup.py builds Genius's compiled Ultimate search (in place, for the editable install) where a
# C compiler is found: a change to it or to its C source installs again.
BUILD := pyproject.toml setup.py nac/engine/ultimate/_ultimate.c

$(VENV)/.installed-play: $(BUILD) $(CONSTRAINTS) | $(VENV)/.ready
	$(PIP) install -c $(CONSTRAINTS) -e .
	@touch $@

# The test tools are a PEP 735 dependency group, read from pyproject.toml here (any pip installs
# them so; `pip install --group` needs pip 25.1).
GROUP = $(BIN)/python -c 'import sys, tomllib; \
	print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["dependency-groups"][sys.argv[1]]))'

$(VENV)/.installed-test: $(BUILD) $(CONSTRAINTS) | $(VENV)/.ready
	$(GROUP) test > $(VENV)/test-requirements.txt
	$(PIP) install -c $(CONSTRAINTS) -e '.[web]' -r $(VENV)/test-requirements.txt
	@touch $@ $(VENV)/.installed-play $(VENV)/.installed-web

$(VENV)/.installed-web: $(BUILD) $(CONSTRAINTS) | $(VENV)/.ready
	$(PIP) install -c $(CONSTRAINTS) -e '.[web]'
	@touch $@

$(VENV)/.installed-browser: $(VENV)/.installed-test
	$(PIP) install -c $(CONSTRAINTS) playwright
	@touch $@

## play: set up and start the game (extra arguments: make play ARGS="--level genius")
play: $(VENV)/.installed-play
	$(BIN)/nac $(ARGS)

## test: set up and run every check: ruff, mypy (the package, the tests, the tools), vulture
## (no dead code) and pytest
# Four workers on two cores: most tests wait (for a frame, a pause, a server), not compute.
test: lint
	$(BIN)/pytest -n 4

## test-pure: the Ultimate and engine tests on the Python search alone (NAC_PURE_PYTHON=1), as
## where no C compiler built Genius's compiled one (make test runs them on the compiled search)
test-pure: $(VENV)/.installed-test
	NAC_PURE_PYTHON=1 $(BIN)/pytest -n 4 -k ultimate
	NAC_PURE_PYTHON=1 $(BIN)/pytest -n 4 tests/engine -k 'not ultimate'

## test-web: the browser tests in Debian's Chromium (installs chromium with apt, playwright with pip)
test-web: $(VENV)/.installed-browser
	@$(INSTALL_CHROMIUM)
	NAC_BROWSER_TESTS=required $(BIN)/pytest -m browser tests/web

## test-ssh: the SSH door's tests with Debian's OpenSSH client (installs openssh-client with apt)
test-ssh: $(VENV)/.installed-test
	@$(INSTALL_SSH)
	NAC_SSH_TESTS=required $(BIN)/pytest -n 2 -m 'ssh and not strangers'

## postgres: install Debian's PostgreSQL (with apt) where it is missing; nothing is started
## (the tests start a throwaway cluster of their own)
postgres:
	@$(INSTALL_POSTGRES)

## test-postgres: the ledger's tests on a real PostgreSQL, a throwaway cluster the tests start
## and stop (installs postgresql with apt)
test-postgres: $(VENV)/.installed-test postgres
	NAC_POSTGRES_TESTS=required $(BIN)/pytest -m postgres

## test-long: the tests of real servers, processes and installs that take seconds each (nac
## serve, nac host and its clients on loopback, the wheel installed in a fresh environment)
test-long: $(VENV)/.installed-test
	$(BIN)/pytest -n auto -m 'long and not ssh and not postgres'

## test-strangers: the long attacks on real servers from many loopback addresses (floods,
## caps, typists, hostile servers; bounded in count and time)
test-strangers: $(VENV)/.installed-test
	@$(INSTALL_SSH)
	NAC_SSH_TESTS=required $(BIN)/pytest -n 2 -m strangers

## serve: set up and serve the game to browsers at http://127.0.0.1:8000 (ARGS="--port 8080")
serve: $(VENV)/.installed-web
	$(BIN)/nac serve $(ARGS)

## lint: ruff, mypy and vulture, without the tests
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/vulture

## check-strength: the long sweeps of Genius's play (minutes; not part of make test)
check-strength: $(VENV)/.installed-test
	$(BIN)/pytest -m strength

## bench: print speed and strength figures (asserts nothing)
bench: $(VENV)/.installed-test
	$(BIN)/python -m tests.benchmarks.bench_core
	$(BIN)/python -m tests.benchmarks.bench_levels
	$(BIN)/python -m tests.benchmarks.bench_app
	$(BIN)/python -m tests.benchmarks.bench_big
	$(BIN)/python -m tests.benchmarks.bench_five
	$(BIN)/python -m tests.benchmarks.bench_frames
	$(BIN)/python -m tests.benchmarks.bench_memory
	$(BIN)/python -m tests.benchmarks.bench_save
	$(BIN)/python -m tests.benchmarks.bench_web
	$(BIN)/python -m tests.benchmarks.bench_ultimate
	$(BIN)/python -m tests.benchmarks.bench_ultimate_speed
	$(BIN)/python -m tests.benchmarks.bench_ultimate_outside
	$(BIN)/python -m tests.benchmarks.bench_online
	$(BIN)/python -m tests.benchmarks.bench_rated
	$(BIN)/python -m tests.benchmarks.bench_cluster
	$(BIN)/python -m tests.benchmarks.bench_strangers
	$(BIN)/python -m tests.benchmarks.bench_ssh
	$(BIN)/python -m tests.benchmarks.bench_floods
	$(BIN)/python -m tests.benchmarks.bench_ssh_floods
	$(BIN)/python -m tests.benchmarks.bench_typist

## prove-5x5: prove Genius never loses on 5×5: every game it can play, checked by an exact C
## solver (under a minute; needs gcc: apt-get install gcc libc6-dev)
prove-5x5: $(VENV)/.installed-play
	$(MAKE) -C tools/five prove-5x5 PYTHON=$(abspath $(BIN)/python)

## openings: rebuild the 4×4 opening table (nac/engine/book_4x4.txt) and the solved 3×3 game (nac/engine/whole_3x3.bin)
openings: $(VENV)/.installed-test
	$(BIN)/python -m tools.build_openings
	$(BIN)/python -m tools.build_whole_game

## puzzles: rebuild the puzzle file (nac/engine/puzzles.txt) from scratch (a few seconds)
puzzles: $(VENV)/.installed-test
	$(BIN)/python -m tools.make_puzzles

## screenshots: regenerate the SVGs in screenshots/ from the app itself
screenshots: $(VENV)/.installed-test
	$(BIN)/python -m tests.ui.make_screenshots

## web-screenshot: redraw screenshots/browser.png, the game in Chromium (what test-web installs)
web-screenshot: $(VENV)/.installed-browser
	@$(INSTALL_CHROMIUM)
	$(BIN)/python -m tools.web_screenshot

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

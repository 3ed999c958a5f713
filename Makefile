# The two commands of the README: `make report` (main job) and `make test`.
# Both build the virtual environment themselves on a fresh machine with only python3.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
JOBS   ?= 2
TEST_JOBS ?= 2

.PHONY: venv report test bench clean clean-cache browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,cluster,browser]'
	touch $(STAMP)

venv: $(STAMP)

# Main job: design reports (seats for every player count, the key constant's sweep, a tournament,
# components) for the four games, game counts in experiments/configs/design.toml (<= 15 min on 2 cores).
report: $(STAMP)
	$(BIN)/agon design-report magna-grecia glory-to-rome mare-nostrum troja --jobs $(JOBS) --out runs/main --force

# Tests on TEST_JOBS processes (pytest-xdist), after every game's numba code is compiled once, a game per
# process (tests/warm_cache.py); each game's tests stay on one process (tests/conftest.py).
test: $(STAMP) browser
	$(BIN)/python -m tests.warm_cache --jobs $(TEST_JOBS)
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadgroup $(PYTEST_ARGS)

# The report.html test opens the page in Debian's Chromium (Playwright drives the system browser).
# Installed here when missing and we may (root); otherwise that one test is skipped with a note.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium (apt-get) for the report.html browser test"; \
	    (apt-get install -y -q chromium >/dev/null 2>&1 || \
	     (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || \
	    echo "note: could not install chromium; the browser test will be skipped"; \
	  else echo "note: no chromium (apt-get install chromium); the browser test will be skipped"; fi; }

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf runs .pytest_cache

clean-cache:
	rm -rf $${XDG_CACHE_HOME:-$$HOME/.cache}/agon/numba

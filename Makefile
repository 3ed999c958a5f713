# The two commands of the README: `make report` (main job) and `make test`.
# Both build the virtual environment themselves on a fresh machine with only python3.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
JOBS   ?= 2

.PHONY: venv report test bench clean clean-cache

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# Main job: Magna Grecia seat advantage and the oracle-points sweep (a few minutes on 2 cores).
report: $(STAMP)
	$(BIN)/agon run experiments/configs/main.toml --jobs $(JOBS) --force

test: $(STAMP)
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf runs .pytest_cache

clean-cache:
	rm -rf $${XDG_CACHE_HOME:-$$HOME/.cache}/agon/numba

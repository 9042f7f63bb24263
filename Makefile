# Two commands: `make run` and `make test`. Both set up .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ecarte

# The suite runs in parallel, one worker a CPU (pytest-xdist), the tests dealt out one
# by one; those marked with one xdist_group share a worker (the wheel is built once).
# It includes tests/test_installed_package.py: it builds the sdist and the wheel,
# installs the wheel into a fresh venv outside the checkout and runs `ecarte texts check`
# and `ecarte lessons check` from another directory.
test: $(STAMP) lint
	$(BIN)/python -m pytest -n auto --dist loadgroup

# ruff; import-linter's contracts (pyproject.toml: only the app imports Textual, the
# layers in order); mypy (pyproject.toml: the whole domain strictly).
lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks tools
	$(BIN)/lint-imports
	$(BIN)/mypy

clean:
	rm -rf $(VENV)

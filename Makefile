# Two entry points: `make run` and `make test`. Both bootstrap .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every core; a module's tests on one worker, so a module-scoped fixture (a browser test's
# streamlit server) starts once, not once per worker. Modules go out in the order collected
# (tests/app's long browser modules first), not xdist's default of most tests first, which
# left the one-test browser modules (a minute each) for the end, on one worker.
PARALLEL := -n auto --dist loadscope --no-loadscope-reorder

.PHONY: run test test-fast typecheck lint bench clean messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,postgres]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/streamlit run app.py

test: $(STAMP)
	$(BIN)/ruff check .
	$(MAKE) --no-print-directory typecheck
	$(BIN)/python -m pytest -q $(PARALLEL)

# The inner loop: everything but the browser tests (chromium), on every core.
test-fast: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q $(PARALLEL) -m "not browser"

# The type checker over companion/ (mypy, configured in pyproject.toml).
typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

# After marking new texts (_, N_, ngettext, pgettext from companion.i18n): the template and
# each language's catalogue brought up to the code; then translate the new entries.
messages: $(STAMP)
	$(BIN)/python tools/messages.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .coverage build

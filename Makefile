# Two entry points: `make run` and `make test`. Both bootstrap .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engine (mypyc), rebuilt when a source it reads changes; without a C
# compiler the build says so and the engine runs interpreted.
COMPILED := $(VENV)/companion-compiled/manifest.json
ENGINE_SOURCES := $(shell find companion/engine companion/rules -name '*.py') companion/scoring.py

.PHONY: run test lint bench clean messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,postgres,compile]'
	touch $(STAMP)

$(COMPILED): $(STAMP) $(ENGINE_SOURCES) tools/compile_engine.py pyproject.toml
	$(BIN)/python tools/compile_engine.py

run: $(STAMP) $(COMPILED)
	$(BIN)/streamlit run app.py

# The suite runs on the interpreted engine (doctests included), then again, browser tests
# and doctests aside, on the compiled engine when it is built.
test: $(STAMP) $(COMPILED)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q
	@if [ -f $(COMPILED) ]; then \
		echo "--- the same tests on the compiled engine"; \
		COMPANION_ENGINE=compiled $(BIN)/python -m pytest -q -m "not browser" -o addopts=-ra tests; \
	else echo "--- compiled engine not built: its test pass is skipped"; fi

bench: $(STAMP) $(COMPILED)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

# After marking new texts (_, N_, ngettext, pgettext from companion.i18n): the template and
# each language's catalogue brought up to the code; then translate the new entries.
messages: $(STAMP)
	$(BIN)/python tools/messages.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build

# refmoe developer commands. `make demo` and `make test` set everything up themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
export PATH := $(CURDIR)/$(BIN):$(PATH)

.PHONY: demo test venv export nbs clean-nbs docs serve-docs browser-check chromium gpu-check

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# The CPU wheel of torch (this machine kind has it on disk); a machine that already has a
	# torch in the venv keeps it.
	$(BIN)/python -c "import torch" 2>/dev/null || $(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

venv: $(STAMP)

demo: $(STAMP)
	$(BIN)/refmoe demo

test: $(STAMP) chromium
	scripts/test-all

# Notebooks are the source: code to refmoe/, test cells to tests/, the home page to README.md.
export: $(STAMP)
	$(BIN)/nbdev_export
	$(BIN)/python scripts/nbtools.py export-tests
	$(BIN)/python scripts/nbtools.py readme

# Re-execute notebooks on CPU in place (the saved outputs of `#| gpu` cells are kept).
NB ?= nbs/*.ipynb
nbs: $(STAMP)
	$(BIN)/python scripts/nbtools.py run $(NB)
	$(BIN)/nbdev_clean --fname nbs

clean-nbs: $(STAMP)
	$(BIN)/nbdev_clean --fname nbs

docs: $(STAMP)
	$(BIN)/python docs/build.py

serve-docs: docs
	$(BIN)/python -m http.server -d docs/_site 8000

browser-check: docs chromium
	$(BIN)/python scripts/browser_check.py docs/_site artifacts/screenshots

chromium:
	@command -v chromium >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }

gpu-check:
	scripts/gpu-check

# Everything a person does with Arena is a make target.
PYTHON ?= python3
VENV := .venv
PY := $(abspath $(VENV))/bin/python
STAMP := $(VENV)/.installed

.PHONY: node-example demo match test lint alerts bench bench-all install bot-runtime system-deps sandbox-deps services proto clean

$(STAMP): pyproject.toml sdk/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ./sdk -e '.[dev]'
	touch $(STAMP)

# The bot runtime a root worker starts hosted bots on (a no-op for other users; quick when
# up to date): scripts/install-bot-runtime.sh.
install: $(STAMP) bot-runtime

bot-runtime:
	@scripts/install-bot-runtime.sh

# The whole platform on the embedded default: SQLite, a local worker, the scheduler, the site.
# Installs what hosted bots need (bubblewrap, the bot runtime) when it can (as root).
demo: $(STAMP) sandbox-deps bot-runtime
	$(VENV)/bin/arena demo

sandbox-deps:
	@scripts/install-system-deps.sh sandbox

# One 4-player Wandering Towers match between the reference bots, drawn in the terminal.
match: $(STAMP)
	$(VENV)/bin/arena play wandering_towers greedy random random random --seed 7

# The bot runtime in the recipe, not as a prerequisite: after system-deps (python3.11-venv).
# The linters first (style and the layer contract): CI runs this target (.ci/run).
test: $(STAMP) system-deps services node-example
	@scripts/install-bot-runtime.sh
	@$(MAKE) --no-print-directory lint
	$(PY) -m pytest

# Debian packages the tests use for real (bubblewrap for the sandbox); idempotent.
system-deps:
	@scripts/install-system-deps.sh

# The Node.js example bot's packages (npm ci from its lockfile): the tests run that bot.
node-example:
	@scripts/install-node-example.sh

# PostgreSQL and Redis for the integration tests, started when not running.
services:
	@scripts/start-services.sh

# ruff, then the layer contract ([tool.importlinter] in pyproject.toml): which package may
# import which, imports inside functions included (docs/decisions/layer-contract.md).
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache

# The alert rules and their unit tests (deploy/prometheus; promtool: make system-deps).
alerts:
	cd deploy/prometheus && promtool check rules alerts.yml && promtool test rules alerts.test.yml

bench: $(STAMP)
	$(PY) bench/engine.py
	$(PY) bench/overhead.py

# Also the end-to-end figures that need PostgreSQL and Redis.
bench-all: bench services
	$(PY) bench/throughput.py

# Regenerate the SDK's protobuf/gRPC stubs from proto/ (a test fails when they are stale).
proto: $(STAMP)
	$(PY) scripts/gen_proto.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

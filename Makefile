# The two set-up commands of the README: `make demo` (the main job end to end on the bundled sample)
# and `make test` (the whole test suite with a real Neo4j). Everything they need is installed here.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
NODE_DIR := engine_bridge/js

.PHONY: setup python node neo4j topic-model demo test test-fast lint bench clean

setup: python node neo4j topic-model

python: $(VENV)/.installed
$(VENV)/.installed: pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[test]"
	touch $@

node: $(NODE_DIR)/node_modules/.package-lock.json
$(NODE_DIR)/node_modules/.package-lock.json: $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --no-audit --no-fund
	touch $@

# Neo4j Community 5.26 jars from Maven Central + the project's launcher (once per machine).
neo4j: python
	$(VENV)/bin/rulings neo4j install

# The Japanese topic classifier (pipeline/topic_model.py), trained on the even-fid Konami Q&As of the
# shared corpus into build/ (git-ignored; never committed, never downloaded). Without the corpus the
# NLP stage logs that it uses the cue lists.
SHARED_DIR := $(or $(RULINGS_SHARED),../shared)
QA_DEV := $(SHARED_DIR)/corpus/konami-faq/qa-dev.jsonl.gz
TOPIC_MODEL := build/topic-model
topic-model: $(TOPIC_MODEL)/thresholds.json
$(TOPIC_MODEL)/thresholds.json: $(VENV)/.installed pipeline/topic_model.py pipeline/topic_training.py pipeline/card_kinds.py pipeline/data/topic_textcat.cfg pipeline/data/topics.yaml
	@if [ -f "$(QA_DEV)" ]; then \
	  RULINGS_SHARED=$(SHARED_DIR) $(PY) -m pipeline.topic_training train --qa "$(QA_DEV)" --out $(TOPIC_MODEL); \
	else echo "topic-model: $(QA_DEV) not found; Japanese topics will use the cue lists"; fi

demo: setup
	$(VENV)/bin/rulings demo

test: setup
	bash tests/run_suite.sh

# The tests that need no server, no Node, no full card catalog and no Scrapy crawl subprocess (markers follow from the fixtures a
# test uses). Those resources are made unreachable here, so a test that needs one without its fixture
# fails instead of quietly starting it.
test-fast: python
	NEO4J_URI=bolt://127.0.0.1:9 NEO4J_USER=neo4j NEO4J_PASSWORD=unreachable RULINGS_NODE=/nonexistent/node \
	RULINGS_CARDS=/nonexistent/cards.jsonl.gz RULINGS_COMMUNITY_NAMES=/nonexistent/zh-community.jsonl.gz \
	$(PY) -m pytest -p no:cacheprovider -q -m "not neo4j and not engine and not catalog and not crawl"

lint: python
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

bench: setup
	$(PY) -m bench

clean:
	rm -rf $(VENV) $(NODE_DIR)/node_modules .rulings-test-home

# The two commands a newcomer needs: `make run` and `make test` (see README).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run serve restore organiser test install install-dev lint format migrate demo bench bench-serve worker

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# Each install compiles the translation catalogues (locale/*/LC_MESSAGES/*.po) into the .mo
# files Django reads: build outputs, never committed, so they always match the .po files; in
# Python (ops compile_catalogues), so no GNU gettext is needed.
install: $(VENV)/.installed
	$(BIN)/python manage.py compile_catalogues
install-dev: $(VENV)/.installed-dev
	$(BIN)/python manage.py compile_catalogues

migrate: install
	$(BIN)/python manage.py migrate --noinput

# The demo lives in a database of its own (var/demo.sqlite3, config.settings.demo), never in
# the one `make serve` serves: its organiser's password is printed below and in the README.
DEMO := DJANGO_SETTINGS_MODULE=config.settings.demo

demo: install
	$(DEMO) $(BIN)/python manage.py migrate --noinput
	$(DEMO) $(BIN)/python manage.py load_demo

run: demo
	@echo ""
	@echo "  Strategium is running at http://127.0.0.1:$(PORT)/"
	@echo "  Organiser login: organiser / strategium-demo (the demo's own database, var/demo.sqlite3;"
	@echo "  for your event use \`make organiser\` and \`make serve\`)"
	@echo ""
	$(DEMO) PORT=$(PORT) $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The production server on this machine's network (gunicorn; see README "The venue server").
serve: install
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.venue} PORT=$(PORT) \
		$(BIN)/python manage.py serve --port $(PORT)

# Bring back the newest verified backup `BACKUP_DIR=<folder> make serve` made (README "A laptop
# that may die"): the same ids, links and keys. FORCE=1 replaces a database that holds data.
restore: install
	@test -n "$(FROM)" || { echo "Name the backup folder: make restore FROM=<folder>"; exit 2; }
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.venue} \
		$(BIN)/python manage.py restore --from "$(FROM)" $(if $(FORCE),--force)

# The organiser's account for `make serve`, on the same database; works on a fresh clone (it
# installs and migrates first). Asks for a name and a password, or takes them from
# DJANGO_SUPERUSER_USERNAME and DJANGO_SUPERUSER_PASSWORD.
organiser: install
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.venue} \
		$(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.venue} \
		$(BIN)/python manage.py createsuperuser $(if $(DJANGO_SUPERUSER_USERNAME),--noinput)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The suite runs in one test process per core and one more (pytest-xdist): browser, server and
# PostgreSQL tests spend much of their time waiting on another process, and the extra test
# process works meanwhile (on 2 cores the SQLite pass took as long with 3 processes on a machine
# busy with other work as with 2 on a quiet one). Work-stealing keeps all of them busy to the
# end, whatever the slowest tests are. TEST_WORKERS=0 runs it in this process alone.
TEST_WORKERS ?= $(shell python3 -c "import os; print((os.cpu_count() or 1) + 1)")
test: lint
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=config.settings.test
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

worker: install
	$(BIN)/celery -A config worker --loglevel=info

bench: install-dev
	$(BIN)/python benchmarks/pairing.py
	$(BIN)/python benchmarks/missions.py
	$(BIN)/python benchmarks/maelstrom.py
	$(BIN)/python benchmarks/teams.py
	$(BIN)/python benchmarks/backup.py

# The production server under load (PostgreSQL at 127.0.0.1:5432; --database sqlite without it).
bench-serve: install-dev
	$(BIN)/python benchmarks/serve.py

"""Plain helpers several suites share (fixtures are in conftest.py)."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext


def queries(call):
    """What `call()` answered, and how many database queries it made."""
    with CaptureQueriesContext(connection) as seen:
        response = call()
    return response, len(seen)


def migrate_to(target):
    """Migrate the test database to `target` [(app, migration)] and give the apps as they were
    then (a data migration is tested on the models of its own time)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps

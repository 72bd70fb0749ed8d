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


def run_async(coro):
    """Run `coro` to its end in a thread of its own: the browser tests' Playwright keeps an event
    loop running in the test process's main thread, where asyncio.run() is refused."""
    import asyncio
    import threading

    outcome: dict = {}

    def target():
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as exc:  # handed to the caller, as asyncio.run would raise it
            outcome["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]

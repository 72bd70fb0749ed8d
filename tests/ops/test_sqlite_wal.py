"""A SQLite database is served in write-ahead-log mode: a reader never holds a writer (the
rollback journal made each result entry wait until no polling phone was reading)."""

import sqlite3
import time

import pytest
from django.db.backends.sqlite3.base import DatabaseWrapper

from config.settings.base import database


@pytest.fixture(autouse=True)
def _own_files(django_db_blocker):
    """These tests open SQLite files of their own, never the suite's database."""
    with django_db_blocker.unblock():
        yield


def _connection(path) -> DatabaseWrapper:
    settings = database(f"sqlite:///{path}")
    settings.update(TIME_ZONE=None, AUTOCOMMIT=True, ATOMIC_REQUESTS=False, CONN_MAX_AGE=0)
    settings.update(CONN_HEALTH_CHECKS=False, TEST={})
    return DatabaseWrapper(settings, alias="wal-test")


def test_a_sqlite_database_is_opened_in_wal_mode(tmp_path):
    wrapper = _connection(tmp_path / "db.sqlite3")
    try:
        with wrapper.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
    finally:
        wrapper.close()


def test_a_commit_does_not_wait_for_a_reader(tmp_path):
    path = tmp_path / "db.sqlite3"
    writer = _connection(path)
    try:
        with writer.cursor() as cursor:
            cursor.execute("CREATE TABLE t (n INTEGER)")
            cursor.execute("INSERT INTO t VALUES (1)")
        reader = sqlite3.connect(path, timeout=0.1)
        reader.execute("BEGIN")
        assert reader.execute("SELECT n FROM t").fetchall() == [(1,)]  # a read under way
        started = time.monotonic()
        with writer.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (2)")  # autocommit: commits now
        assert time.monotonic() - started < 1, "the commit waited for the reader"
        reader.rollback()
        assert reader.execute("SELECT COUNT(*) FROM t").fetchone() == (2,)
        reader.close()
    finally:
        writer.close()

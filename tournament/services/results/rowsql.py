"""Hand-written SQL for the few statements of the result write path, with the ORM's conversions.

Building a statement through the ORM costs this 2-core machine 1 to 3 ms of CPU each (default
orderings resolved through related models, select_related's column lists), several times what
the database takes to run it; a result entry runs a handful under its game's row lock while a
round's worth of phones wait. These helpers write the statement's text by hand, and keep what
the ORM gives: values prepared for the database by their fields (JSON, times on SQLite) and
rows turned into model instances through the fields' converters, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import functools
import weakref

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model

# The largest id a row can have (a 64-bit primary key on SQLite and PostgreSQL).
ID_MAX = 2**63 - 1

# Converters belong to a connection (each server thread has its own): kept per connection.
_CONVERTERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@functools.cache
def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@functools.cache
def columns(model: type[Model], alias: str) -> str:
    """Every concrete column of `model` under `alias`, in the order `fetch` reads them."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


def _converters(chain: tuple[type[Model], ...]) -> list:
    # `connection` is a proxy shared by every thread; the key is this thread's own wrapper.
    cached = _CONVERTERS.setdefault(connections[DEFAULT_DB_ALIAS], {})
    if chain not in cached:
        found = []
        for model in chain:
            for field in model._meta.concrete_fields:
                col = field.get_col(model._meta.db_table)
                convs = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
                found.append((convs, col))
        cached[chain] = found
    return cached[chain]


def fetch(chain: tuple[type[Model], ...], sql: str, params, *, extra: int = 0):
    """The first row of `sql` as (extras, instances), or None without a row.

    The SELECT list is `extra` plain values, then `columns(model, alias)` of each model of
    `chain` in turn. A model whose primary key came back NULL (an outer join that matched
    nothing) is None."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row[extra:])
    for pos, (convs, col) in enumerate(_converters(chain)):
        if convs:
            value = values[pos]
            for convert in convs:
                value = convert(value, col, connection)
            values[pos] = value
    instances, start = [], 0
    for model in chain:
        fields = model._meta.concrete_fields
        part = values[start : start + len(fields)]
        start += len(fields)
        pk_at = fields.index(model._meta.pk)
        if part[pk_at] is None:
            instances.append(None)
        else:
            instances.append(model.from_db(connection.alias, [f.attname for f in fields], part))
    return list(row[:extra]), instances


def insert_sql(instance: Model) -> tuple[str, list]:
    """INSERT of every concrete field of `instance` but its id, returning the id it is given."""
    meta = type(instance)._meta
    quote = connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if f is not meta.pk]
    names = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    params = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
    into = f"INSERT INTO {table(type(instance))} ({names})"
    return f"{into} VALUES ({marks}) RETURNING {quote(meta.pk.column)}", params


def update_sql(instance: Model, names: list[str]) -> tuple[str, list]:
    """UPDATE of the fields `names` of `instance`'s row to the instance's values."""
    meta = type(instance)._meta
    quote = connection.ops.quote_name
    fields = [meta.get_field(name) for name in names]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    params = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
    where = f"WHERE {quote(meta.pk.column)} = %s"
    return f"UPDATE {table(type(instance))} SET {sets} {where}", [*params, instance.pk]  # noqa: S608


def together(writes: list[tuple[str, list]], last: tuple[str, list]):
    """Run the statements `writes`, then `last`; returns the first row `last` gives, if any.

    On PostgreSQL they are one statement, each write a WITH clause (run to its end whether or
    not `last` reads it): one round trip instead of several. Elsewhere they run in turn. The
    writes must not touch rows `last` touches (the parts of one statement run in no set order)."""
    with connection.cursor() as cursor:
        if writes and connection.vendor == "postgresql":
            clauses = ", ".join(f"w{n} AS ({sql})" for n, (sql, _) in enumerate(writes))
            params = [value for _, values in writes for value in values]
            cursor.execute(f"WITH {clauses} {last[0]}", [*params, *last[1]])
        else:
            for sql, params in writes:
                cursor.execute(sql, params)
            cursor.execute(*last)
        return cursor.fetchone() if cursor.description else None


def saved(instance: Model, pk) -> None:
    """Mark an instance written by `insert_sql` as saved, with the id it was given."""
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = connection.alias


def insert(instance: Model) -> None:
    """INSERT `instance` (no signals); sets the id it was given."""
    saved(instance, together([], insert_sql(instance))[0])


def update(instance: Model, names: list[str]) -> None:
    """UPDATE the fields `names` of `instance`'s row to the instance's values (no signals)."""
    together([], update_sql(instance, names))

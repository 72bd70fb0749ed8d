"""A named row's stored `name_key` (engine/names.py), kept in step with its `name` on every way
a row is written: save, bulk create, bulk update and update. The database's unique constraint
on (event, name_key) then holds names apart on SQLite and PostgreSQL alike, whatever either
does with case."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean, name_key, names_made_distinct


class NamedQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for obj in objs:
            obj.name_key = name_key(obj.name)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs, fields = list(objs), list(fields)
        if "name" in fields:
            for obj in objs:
                obj.name_key = name_key(obj.name)
            fields.append("name_key")
        return super().bulk_update(objs, fields, *args, **kwargs)

    def update(self, **kwargs):
        if "name" in kwargs:
            # A name given as a plain value has its key; an expression cannot be folded here.
            if not isinstance(kwargs["name"], str):
                raise TypeError("Update a name with text, so its key can be kept in step.")
            kwargs["name_key"] = name_key(kwargs["name"])
        return super().update(**kwargs)


def name_key_field() -> models.CharField:
    # engine/names.name_key(name), unique per event (each model's constraint).
    return models.CharField(max_length=400, editable=False, default="")


class NameKeyed:
    """Mixed into a model with `name` and `name_key`: every save keeps the key in step, and a
    model form (the admin's) checks the name as the services do. Each model sets its own
    `duplicate_name_message` (a whole sentence: a model's name glued in would stay English)."""

    def clean(self):
        super().clean()
        try:
            self.name = name_clean(self.name)
        except EngineError as exc:
            raise ValidationError({"name": exc.message}, code=exc.code) from exc
        self.name_key = name_key(self.name)
        others = type(self)._default_manager.filter(event_id=self.event_id, name_key=self.name_key)
        holder = others.exclude(pk=self.pk).first() if self.event_id else None
        if holder is not None:
            raise ValidationError(
                {"name": str(self.duplicate_name_message) % {"name": holder.name}},
                code="duplicate",
            )

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        return super().save(*args, **kwargs)


def fill_name_keys(model, fallback: str) -> list[str]:
    """For the migrations that add `name_key` (any model with `event_id` and `name`, the
    historical one included): key every row, renaming what engine/names.names_made_distinct
    says, with no unique constraint on names in place. Returns a line per rename."""
    by_event: dict[int, list[tuple[int, str]]] = {}
    rows = model.objects.order_by("event_id", "id").values_list("id", "event_id", "name")
    for pk, event_id, name in rows:
        by_event.setdefault(event_id, []).append((pk, name))
    renamed = []
    for event_id, event_rows in by_event.items():
        names = dict(event_rows)
        for pk, name in names_made_distinct(event_rows, fallback=fallback).items():
            renamed.append(f"event {event_id}: {fallback.lower()} {pk} {names[pk]!r} -> {name!r}")
            names[pk] = name
        for pk, name in names.items():
            model.objects.filter(pk=pk).update(name=name, name_key=name_key(name))
    return renamed

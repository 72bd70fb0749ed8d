"""What the running site keeps about itself in its database."""

from __future__ import annotations

import uuid

from django.db import models


class Installation(models.Model):
    """This database's identity: one row, made by a migration when the database is created.

    Every cache key names it (ops/installation.py), so a shared cache never serves one
    database's computed pages to another: after a reset the new database has a new id."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at",)

    def __str__(self) -> str:
        return str(self.id)

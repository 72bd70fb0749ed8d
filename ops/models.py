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


class IdempotentAnswer(models.Model):
    """The answer given to one write sent with an `Idempotency-Key` (ops/idempotency.py).

    The same asker sending the same key again within a day gets this answer back instead of a
    second write. The row is made before the write runs, in the write's own transaction, so a
    second request with the key waits on the unique index until the first commits (then reads
    its answer) or rolls back (then runs itself); a process dying mid-write leaves nothing."""

    # sha256 of who asked (their account, player key, token or session), never the secret.
    asker = models.CharField(max_length=64)
    key = models.CharField(max_length=64)
    # sha256 of the method, path, query and body: the same key for another write is refused.
    request_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(db_index=True)
    status = models.PositiveSmallIntegerField(default=0)
    # The answer's headers that matter (content type, Location, ETag, ...), as a JSON object.
    headers = models.TextField(default="{}")
    body = models.BinaryField(default=b"")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["asker", "key"], name="ops_idempotent_asker_key")
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"

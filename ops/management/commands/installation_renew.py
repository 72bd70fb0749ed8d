"""`manage.py installation_renew`: a new installation id after restoring a backup.

A restored database numbers its revisions again from where the backup stood, so keys the cache
holds from after the backup would match different data. A new id makes every old key unmatched.
Run it once, after the restore and before serving (restart the app if CONN_MAX_AGE > 0).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from ops.installation import installation_renew


class Command(BaseCommand):
    help = "Give this database a new installation id, so nothing cached before is served."

    def handle(self, *args, **options):
        new = installation_renew()
        self.stdout.write(f"installation id is now {new}: earlier cache entries are unused")

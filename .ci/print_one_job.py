"""CI: queue one print job on the broker and wait for a worker to print it.

Run by .ci/run with the interpreter of an environment made from requirements.txt alone, beside a
Celery worker of that environment: the web side publishes through kombu's Redis transport and
the worker prints, so a dependency that only the development requirements bring in fails here.
Exits non-zero, saying why, unless the job is done within --seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from tournament.management.commands.load_demo import DEMO_NAME  # noqa: E402
from tournament.models import Event, PrintJob, PrintJobStatus  # noqa: E402
from tournament.services.documents.printing import print_job_create  # noqa: E402
from tournament.tasks import print_job_publish  # noqa: E402


def say(text: str) -> None:
    sys.stdout.write(text + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=90)
    seconds = parser.parse_args().seconds
    event = Event.objects.get(name=DEMO_NAME)
    round_ = event.rounds.order_by("-number").first()
    user = get_user_model().objects.filter(is_superuser=True).first()
    job = print_job_create(event=event, user=user, kind="pairings", round_number=round_.number)
    if not print_job_publish(job.pk):
        say("the broker did not take the job (kombu's transport could not be used)")
        return 1
    deadline = time.monotonic() + seconds
    while job.status not in (PrintJobStatus.DONE, PrintJobStatus.FAILED):
        if time.monotonic() > deadline:
            say(f"no worker printed the job within {seconds:.0f} s (status {job.status})")
            return 1
        time.sleep(0.3)
        job.refresh_from_db()
    if job.status != PrintJobStatus.DONE:
        say(f"the print job failed: {job.error}")
        return 1
    size = job.file.size
    say(f"printed {PrintJob._meta.verbose_name} {job.pk}: {job.pages} page(s), {size} bytes")
    return 0 if size and job.pages else 1


if __name__ == "__main__":
    sys.exit(main())

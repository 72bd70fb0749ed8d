"""What a code move must leave unchanged, in one JSON: run it before and after, then compare.

    python tools/shape_fingerprint.py OUT.json     # then: python tools/shape_fingerprint.py
                                                   #   --compare BEFORE.json AFTER.json

It records the OpenAPI schema's sha256 (byte for byte, components included), whether
`makemigrations --check` finds a change, the status and words of every page of the demo (public,
player and organiser pages, with tokens, nonces and clock times taken out) and the page count of
every PDF the demo's events print. Everything runs on a throwaway SQLite file; nothing else is
touched.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Words that differ from one run to the next whatever the code: tokens, nonces, times of day,
# dates of the run, and the ids of a file's rows.
NOISE = [
    re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"'),
    re.compile(rb'nonce="[^"]*"'),
    re.compile(rb"\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)?"),
    re.compile(rb"\b\d{10,}\b"),
    re.compile(rb"\b\d{1,2}:\d{2}(:\d{2})?\b"),
    re.compile(rb"\b20\d\d-\d\d-\d\d\b"),
    re.compile(rb'"X-CSRFToken": "[^"]*"'),
    re.compile(rb"[?&]v=[0-9a-f]+"),
    re.compile(rb'etag="[^"]*"|data-etag="[^"]*"'),
]


def _routes(patterns, prefix: str = "") -> list[str]:
    """Every page's route that names nothing but an event, its rounds and a player's key."""
    found = []
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if hasattr(entry, "url_patterns"):
            found += _routes(entry.url_patterns, route)
            continue
        names = set(re.findall(r"<(?:\w+:)?(\w+)>", route))
        ours = "event_id" in names and names <= {"event_id", "number", "key"}
        if ours and not route.startswith(("api/", "admin/")):
            found.append(route)
    return sorted(set(found))


def _digest(answer) -> str:
    if answer.get("Content-Type", "").startswith("application/pdf"):
        return "pdf"
    body = answer.content
    for pattern in NOISE:
        body = pattern.sub(b"", body)
    return hashlib.sha256(body).hexdigest()[:16]


def _collect() -> dict:
    import django
    from django.core.management import call_command

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import get_resolver
    from pypdf import PdfReader

    from tournament.models import Event
    from tournament.printing.render import KINDS, ROUND_KINDS

    out: dict = {}
    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
    schema = Client().get("/api/schema/", {"format": "json"}).content
    out["schema_sha256"] = hashlib.sha256(schema).hexdigest()
    pages: dict[str, list] = {}
    organiser = get_user_model().objects.filter(is_staff=True).order_by("pk").first()
    staff = Client()
    staff.force_login(organiser)
    anonymous = Client()
    pdfs: dict[str, int] = {}
    routes = _routes(get_resolver().url_patterns)
    for event in Event.objects.order_by("pk"):
        latest = event.rounds.order_by("-number").first()
        player = event.players.order_by("pk").first()
        values = {
            "event_id": event.pk,
            "number": latest.number if latest else 1,
            "key": player.private_key if player else "none",
        }
        for route in routes:
            url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m, v=values: str(v[m.group(1)]), route)
            for who, client in (("anonymous", anonymous), ("organiser", staff)):
                answer = client.get(url)
                digest = _digest(answer)
                if digest != _digest(client.get(url)):
                    digest = "differs on each load"  # e.g. a file made at this second
                pages[f"{event.name} {who} {route}"] = [answer.status_code, digest]
        latest = event.rounds.order_by("-number").first()
        for kind in KINDS:
            with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
                args = ["--event", str(event.pk), "--kind", kind, "--out", pdf.name]
                if latest is not None and kind in ROUND_KINDS:
                    args += ["--round", str(latest.number)]
                try:
                    call_command("render_pdf", *args, stdout=open(os.devnull, "w"))  # noqa: SIM115
                except Exception as exc:  # a document this event cannot print: recorded as such
                    pdfs[f"{event.name} {kind}"] = f"refused: {type(exc).__name__}"
                    continue
                pdfs[f"{event.name} {kind}"] = len(PdfReader(pdf.name).pages)
    out["pages"] = pages
    out["pdf_pages"] = pdfs
    return out


def _migrations_clean() -> bool:
    done = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def _compare(before: Path, after: Path) -> int:
    old, new = json.loads(before.read_text()), json.loads(after.read_text())
    differs = 0
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            for item in sorted(set(a) | set(b)):
                if a.get(item) != b.get(item):
                    differs += 1
                    print(f"{key}: {item}: {a.get(item)} -> {b.get(item)}")
        elif a != b:
            differs += 1
            print(f"{key}: {a} -> {b}")
    counts = f"{len(new.get('pages', {}))} pages, {len(new.get('pdf_pages', {}))} documents"
    print("identical" if not differs else f"{differs} differences", f"({counts})")
    return 1 if differs else 0


def main(argv: list[str]) -> int:
    if argv[1:2] == ["--compare"]:
        return _compare(Path(argv[2]), Path(argv[3]))
    if "_FINGERPRINT_CHILD" not in os.environ:
        # A fresh process on a throwaway database, so the real ones are never touched.
        with tempfile.TemporaryDirectory() as tmp:
            env = {
                **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")},
                "DJANGO_SETTINGS_MODULE": "config.settings.test",
                "DATABASE_URL": f"sqlite:///{tmp}/fingerprint.sqlite3",
                "CELERY_BROKER_URL": "",
                "_FINGERPRINT_CHILD": "1",
            }
            done = subprocess.run(
                [sys.executable, __file__, *argv[1:]], cwd=ROOT, env=env, check=False
            )
            return done.returncode
    sys.path.insert(0, str(ROOT))
    result = _collect()
    result["makemigrations_clean"] = _migrations_clean()
    Path(argv[1]).write_text(json.dumps(result, indent=1, sort_keys=True))
    print(f"{len(result['pages'])} pages, {len(result['pdf_pages'])} documents -> {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

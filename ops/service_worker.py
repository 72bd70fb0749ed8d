"""The offline service worker, served from the site's root so that its scope covers every page.

A worker's scope is the folder of its script: under /static/ it could reach no page, so this view
serves static/js/sw.js at /sw.js with its settings on the first line: the static files to keep
(their hashed names under served settings), where outbox.js is, and a version made from those
files' contents. A new deployment changes the version, so phones fetch the new worker and drop
the old static files; the pages kept offline outlive it."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

# What a page kept offline needs to look and work as it did (the worker keeps them at install).
PRECACHE = (
    "css/app.css",
    "js/htmx.min.js",
    "js/outbox.js",
    "js/offline.js",
    "js/select-all.js",
    "js/clock.js",
    "js/find-table.js",
    "js/form-depends.js",
    "js/tiebreak-presets.js",
    "js/tracker.js",
    "js/maelstrom.js",
    "js/gameclock.js",
    "img/favicon.svg",
    "img/favicon-32.png",
    "manifest.webmanifest",
)


def _source(name: str) -> bytes:
    path = finders.find(name)
    if not path:
        return b""
    with open(path, "rb") as handle:
        return handle.read()


@lru_cache(maxsize=16)
def worker_script(language: str) -> str:
    """The worker with its settings, its offline page's words in `language` (the asker's)."""
    urls = {}
    for name in PRECACHE:
        try:
            urls[name] = static(name)
        except ValueError:  # not collected under the manifest storage: nothing to keep
            continue
    digest = hashlib.sha256(_source("js/sw.js"))
    for name, url in urls.items():
        digest.update(url.encode())
        digest.update(_source(name))
    config = {
        "version": digest.hexdigest()[:16],
        "precache": list(urls.values()),
        "outbox": urls["js/outbox.js"],
        # Django adds the leading slash (and any SCRIPT_NAME) to a relative STATIC_URL.
        "static": settings.STATIC_URL,
        "catalog": reverse("javascript-catalog"),
        # The page a phone shows for a page it never kept, in the reader's language (a worker
        # has no catalogue of its own; the version above stays the same for every language).
        "offline": _offline_words(language),
    }
    return f"self.STRATEGIUM = {json.dumps(config)};\n" + _source("js/sw.js").decode()


def _offline_words(language: str) -> dict:
    with translation.override(language):
        return {
            "lang": language,
            "title": gettext("Offline"),
            "text": gettext(
                "This page was not opened on this phone before, so there is no copy to show. "
                "It will open once the network is back."
            ),
        }


@require_GET
def service_worker(request):
    script = worker_script(translation.get_language())
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    # Browsers check the worker at most daily anyway; no-cache makes each check reach us.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response

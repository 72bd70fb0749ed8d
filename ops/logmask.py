"""Keys and tokens out of the logs.

A player's private key and a standalone tracker's token are the whole of their holder's
access, and they travel in the path (`/p/<key>/`, `/tracker/<token>/`, `/api/tracker/<token>/`)
or the query (`?key=`, `?token=`). Whatever writes a line about a request (Django's request
warnings, the development server, gunicorn's access log) writes it through `mask_secrets`, so
a log file or a shared console never hands someone else's page to whoever reads it."""

from __future__ import annotations

import logging
import re

MASK = "…"
# The segment after /p/ or /tracker/ (not the tracker's own pages: new, game/<id>).
SECRET_PATH = re.compile(r"(/p/|/tracker/)(?!(?:new|game)/)[^/?#\s\"']+")
# In a URL (?key=) or a query string on its own (key=, gunicorn's %(q)s).
SECRET_QUERY = re.compile(r"((?:^|[?&])(?:key|token)=)[^&#\s\"']+")
# An Authorization header's credential: "Key <private key>", "Token <API token>".
SECRET_HEADER = re.compile(r"\b(Key|Token|Bearer|Basic)\s+\S+")


def mask_secrets(text: str) -> str:
    if "/" not in text and "=" not in text and " " not in text:
        return text
    text = SECRET_PATH.sub(rf"\1{MASK}", text)
    text = SECRET_QUERY.sub(rf"\1{MASK}", text)
    return SECRET_HEADER.sub(rf"\1 {MASK}", text)


class MaskSecrets(logging.Filter):
    """A handler's filter: the record's message with keys and tokens masked (its arguments
    merged in first, so a key passed as an argument is masked too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_secrets(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True

"""Sign-in on served settings (venue, production): the demo's published password never signs
anyone in, whichever account carries it, so a database the demo once shared stays closed."""

from __future__ import annotations

import hmac

from django.contrib.auth.backends import ModelBackend

from ops.demo import DEMO_PASSWORD


class ServedModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if password is not None and hmac.compare_digest(password.encode(), DEMO_PASSWORD.encode()):
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)

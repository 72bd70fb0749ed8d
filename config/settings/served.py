"""What every served deployment shares (the venue server and production behind a proxy).

Static files come from the app itself through WhiteNoise, with hashed, compressed names so that
phones cache them for a year; `collectstatic` must have run (make serve does it).
"""

from config.settings.base import *  # noqa: F403
from config.settings.base import MIDDLEWARE

DEBUG = False
SERVED = True
# The demo's organiser password is printed in the README: no served database accepts it, for
# any account (ops/auth.py), whatever database the demo was once loaded into.
AUTHENTICATION_BACKENDS = ["ops.auth.ServedModelBackend"]
# WhiteNoise right after the security middleware, as its documentation asks.
_AFTER = MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1
MIDDLEWARE = [
    *MIDDLEWARE[:_AFTER],
    "whitenoise.middleware.WhiteNoiseMiddleware",
    *MIDDLEWARE[_AFTER:],
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# WhiteNoise's own type list lacks the web app manifest's.
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

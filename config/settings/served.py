"""What every served deployment shares (the venue server and production behind a proxy).

Static files come from the app itself through WhiteNoise, with hashed, compressed names so that
phones cache them for a year; `collectstatic` must have run (make serve does it).
"""

from config.settings.base import *  # noqa: F403
from config.settings.base import MIDDLEWARE

DEBUG = False
MIDDLEWARE = [MIDDLEWARE[0], "whitenoise.middleware.WhiteNoiseMiddleware", *MIDDLEWARE[1:]]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# WhiteNoise's own type list lacks the web app manifest's.
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

"""Production: refuses to start insecurely rather than run with a known secret or debug on."""

from django.core.exceptions import ImproperlyConfigured

from config.settings.base import *  # noqa: F403
from config.settings.base import DEV_SECRET_KEY, env_bool

DEBUG = env_bool("DEBUG", default=False)
if DEBUG:
    raise ImproperlyConfigured("DEBUG must be off in production (unset DEBUG or set DEBUG=0).")
if SECRET_KEY in {"", DEV_SECRET_KEY}:  # noqa: F405
    raise ImproperlyConfigured("SECRET_KEY must be set to a private value in production.")
if not ALLOWED_HOSTS:  # noqa: F405
    raise ImproperlyConfigured("ALLOWED_HOSTS must name this server's host names in production.")

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

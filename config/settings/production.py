"""Production behind an HTTPS proxy: refuses to start insecurely rather than run with a known
secret or debug on. `manage.py check --deploy` passes with these settings as they stand.

HTTPS: the proxy terminates TLS and says so in X-Forwarded-Proto (trusted by default; set
TRUST_PROXY_HEADER=0 when nothing in front sets it). Plain HTTP is redirected, and browsers are
told by HSTS to use HTTPS only (HSTS_SECONDS, default one year; 0 turns it off).
"""

import os

from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

from config.settings.base import DEV_SECRET_KEY, env_bool
from config.settings.served import *  # noqa: F403

DEBUG = env_bool("DEBUG", default=False)
if DEBUG:
    raise ImproperlyConfigured("DEBUG must be off in production (unset DEBUG or set DEBUG=0).")
if SECRET_KEY in {"", DEV_SECRET_KEY}:  # noqa: F405
    raise ImproperlyConfigured("SECRET_KEY must be set to a private value in production.")
# What Django's deploy check (security.W009) calls a weak key refuses to start here: sessions,
# password resets and signed values are only as strong as the key.
if (
    len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH  # noqa: F405
    or len(set(SECRET_KEY)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS  # noqa: F405
    or SECRET_KEY.startswith(SECRET_KEY_INSECURE_PREFIX)  # noqa: F405
):
    raise ImproperlyConfigured(
        f"SECRET_KEY is too weak for production: use at least {SECRET_KEY_MIN_LENGTH} random "
        f"characters (at least {SECRET_KEY_MIN_UNIQUE_CHARACTERS} different ones), e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )
if not ALLOWED_HOSTS:  # noqa: F405
    raise ImproperlyConfigured("ALLOWED_HOSTS must name this server's host names in production.")

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if env_bool("TRUST_PROXY_HEADER", default=True):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
# The health check is asked over plain HTTP by load balancers inside the network.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", default=True)
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

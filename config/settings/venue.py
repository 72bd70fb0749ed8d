"""The venue server (`make serve`): production behaviour on an organiser's laptop, no setup.

What the production settings demand from the environment is found here when it is not given:
a secret key made on first start and kept in the data folder (DATA_DIR, default var/), and this
machine's own names and addresses as allowed hosts. Cookies are not marked secure unless
SECURE_COOKIES=1, because a venue server speaks plain HTTP on the local network; behind an
HTTPS proxy use config.settings.production instead.
"""

import os

from config.settings.base import DATA_DIR, DEV_SECRET_KEY, env_bool
from config.settings.served import *  # noqa: F403
from ops.machine import kept_secret_key, machine_addresses

if SECRET_KEY in {"", DEV_SECRET_KEY}:  # noqa: F405
    SECRET_KEY = kept_secret_key(DATA_DIR)
ALLOWED_HOSTS = ALLOWED_HOSTS or machine_addresses()  # noqa: F405
if not CACHE_URL:  # noqa: F405
    # Several gunicorn workers share one machine: a file cache is shared by all of them.
    CACHES = {
        **CACHES,  # noqa: F405
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(DATA_DIR / "cache"),
            "KEY_FUNCTION": CACHE_KEY_FUNCTION,  # noqa: F405
            "VERSION": CACHE_VERSION,  # noqa: F405
        },
    }
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if "SITE_URL" not in os.environ:
    # Printed QR codes must open on players' phones, so they carry the LAN address.
    from ops.machine import lan_address

    SITE_URL = f"http://{lan_address() or '127.0.0.1'}:{os.environ.get('PORT', '8000')}"

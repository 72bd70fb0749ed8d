import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
application = get_wsgi_application()

# After setup: the public's kept answers are given before Django is entered (replay.py).
from tournament.caching.replay import replay_wsgi  # noqa: E402

application = replay_wsgi(application)

"""Settings shared by every environment; everything that differs comes from the environment."""

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEV_SECRET_KEY = "dev-only-insecure-key-change-me"  # noqa: S105 - refused by production settings


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
DEBUG = env_bool("DEBUG", default=False)
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "tournament",
    "exchange",
    "teams",
    "playoffs",
    "people",
    "series",
    "rosters",
    "stats",
    "missions",
    "tracker",
    "clocks",
    "floor",
    "ratings",
    "feed",
    "ops",
]

MIDDLEWARE = [
    # Every answer, replayed ones too, says what the page may run (ops/csp.py).
    "ops.csp.ContentSecurityPolicyMiddleware",
    # Answers the public's polls again for a moment without the rest (replay.py).
    "tournament.caching.replay.PublicReplayMiddleware",
    # Outside the rest: a page opened with a key or token is never stored, whatever set it.
    "ops.private_pages.PrivatePagesMiddleware",
    # Outside the session: marks the pages a phone may keep offline (ops/offline_copy.py).
    "ops.offline_copy.OfflineCopyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before anything that renders: the reader's language (their choice in
    # the footer's cookie, else their browser's Accept-Language), among LANGUAGES only.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "ops.middleware.FaultsMiddleware",
    "ops.middleware.ThrottleMiddleware",
    "tournament.middleware.EventTimeZoneMiddleware",
    # Last: decides after sign-in and the CSRF check, and wraps only the view (idempotency.py).
    "ops.idempotency.IdempotencyMiddleware",
]

# Behind a proxy, the request header that carries the client's address (the proxy appends it),
# e.g. HTTP_X_FORWARDED_FOR; failed sign-ins and wrong keys are counted per client address.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Where a served machine keeps what it makes for itself (the venue's secret key, its file cache)
# and where `make run` keeps the demo's own database.
DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / "var"))
# Where `make serve` keeps a backup of the SQLite database (a USB stick, another machine's
# share), never more than 10 s behind; empty: none (ops/backup/loop.py). Not used on PostgreSQL.
BACKUP_DIR = os.environ.get("BACKUP_DIR", "")
# The push server's port (ops/push/server.py), set by `manage.py serve` for its workers; empty:
# pages read their streams from their own server (development, tests).
PUSH_PORT = int(os.environ.get("PUSH_PORT") or 0) or None
# Served settings (venue, production) say so: the demo is never loaded there (load_demo).
SERVED = False


def database(url: str) -> dict:
    """Django's settings for a database URL, with what SQLite needs when it is SQLite."""
    # A kept connection (CONN_MAX_AGE) is checked before each request reuses it, so a database
    # restart costs one reconnect instead of errors until the connection's age runs out.
    db = dj_database_url.parse(
        url, conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")), conn_health_checks=True
    )
    if db["ENGINE"] == "django.db.backends.sqlite3":
        # Several writers (web + in-process tasks) share the file: wait for the lock instead of
        # failing at once, and take the write lock at BEGIN so read-then-write never deadlocks.
        # Write-ahead log: readers never wait for a writer nor a writer for readers (the
        # rollback journal makes each commit wait until no one reads: at the end of a round,
        # a thousand polling phones held every result entry for seconds). Kept in the file.
        db.setdefault("OPTIONS", {}).update(
            {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL;",
            }
        )
    return db


# The embedded default is a SQLite file in the project folder; DATABASE_URL switches to
# PostgreSQL (or anything dj-database-url understands) with no code change.
DATABASES = {
    "default": database(os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
# The catalogues (locale/<language>/LC_MESSAGES/django.po, compiled by `make install`).
LOCALE_PATHS = [BASE_DIR / "locale"]
# Each language by its own name, as the footer's switcher shows it.
LANGUAGE_NAMES = {
    "en-gb": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pl": "Polski",
}
# The languages whose catalogue is complete (tests/common/test_catalogues.py refuses an untranslated
# or fuzzy entry): only these may be chosen or picked from a browser's Accept-Language, so no
# page is ever shown half in one language and half in another. A language joins this list
# when its catalogue is complete; the switcher in the footer appears once there are two.
COMPLETE_LANGUAGES = ["en-gb", "de", "es", "fr", "it", "pl"]
LANGUAGES = [(code, LANGUAGE_NAMES[code]) for code in COMPLETE_LANGUAGES]
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# The address in QR codes (printed, and on screens opened at a loopback address): the port
# the server runs on (PORT, as `make run` and `make serve` pass it), unless given.
SITE_URL = os.environ.get("SITE_URL") or f"http://127.0.0.1:{os.environ.get('PORT') or 8000}"
# Mail, only for "send me my link again": without EMAIL_HOST the page says to ask the organiser.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "strategium@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # The first one's scheme goes in WWW-Authenticate, so a refused key gets a 401.
        "tournament.api.auth.PlayerKeyAuthentication",
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # Adds each operation's 4xx answers in the API's one error shape (common.api.schema).
    "DEFAULT_SCHEMA_CLASS": "common.api.schema.ApiSchema",
    "EXCEPTION_HANDLER": "common.api.errors.exception_handler",
    # JSON that refuses too-deep nesting and repeated keys (400, never 500); forms still parse.
    "DEFAULT_PARSER_CLASSES": [
        "common.api.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # `?format=` must name one of the view's formats (400 otherwise), as the schema's enum says.
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "common.api.negotiation.StrictFormatNegotiation",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Strategium API",
    "DESCRIPTION": "Warhammer 40,000 tournaments: events, pairings, results, standings, missions.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get their own components: read-only fields are not asked for, and what a
    # create requires is marked required.
    "COMPONENT_SPLIT_REQUEST": True,
    # JSON is the API's body format; form posts still parse but are not advertised.
    "PARSER_WHITELIST": ["common.api.parsers.StrictJSONParser"],
    # One name per choice set, so the schema has no colliding or duplicate enums.
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournament.models.event.EventStatus",
        "EventKindEnum": "tournament.models.event.EventKind",
        "ResultStatusEnum": "tournament.models.result.ResultStatus",
        "RoundStatusEnum": "tournament.models.round.RoundStatus",
        "PlayerStatusEnum": "tournament.models.player.PlayerStatus",
        "MissionCodeEnum": "tournament.api.serializers.rounds.MISSION_CODE_CHOICES",
        "GambitEnum": "tournament.api.serializers.results.GAMBIT_CHOICES",
        "BattleReadyEnum": "tournament.api.serializers.results.BATTLE_READY_CHOICES",
        "UnderdogPlayerEnum": "missions.api.views.UNDERDOG_PLAYERS",
        "SecondaryModeEnum": "missions.scoring.eleventh.SECONDARY_MODES",
        "RoundStageEnum": "tournament.models.round.RoundStage",
        "YesNoEnum": "tournament.api.views.exports.YES_NO_BLANK",
        "JudgeCallStatusEnum": "floor.models.CallStatus",
        "JudgeCallCategoryEnum": "floor.models.CallCategory",
        "PenaltyKindEnum": "tournament.models.penalty.PenaltyKind",
    },
    # Swagger UI's files are served from this app, not a CDN: venues have poor wifi.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# The cache holds shared counters (failed sign-ins) and computed pages: Redis when configured
# (CACHE_URL, else a Redis broker's URL), so every process on every machine shares it. Redis is
# an optimisation: when it does not answer, each process uses its own memory (ops/cache.py).
# Every key names the database it belongs to (ops/installation.py).
CACHE_KEY_FUNCTION = "ops.cache.database_key"
# Part of every key. Raised when what the cache holds can no longer be read by the new code: 2
# since the classes kept there moved (tournament/caching/, docs/moved-modules.txt), so a server
# upgraded in place never unpickles an entry that names an old module; old entries just expire.
CACHE_VERSION = 2
CACHE_URL = os.environ.get("CACHE_URL") or (
    os.environ.get("CELERY_BROKER_URL", "")
    if os.environ.get("CELERY_BROKER_URL", "").startswith("redis")
    else ""
)
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "ops.cache.ResilientRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_FUNCTION": CACHE_KEY_FUNCTION,
            "VERSION": CACHE_VERSION,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "KEY_FUNCTION": CACHE_KEY_FUNCTION,
            "VERSION": CACHE_VERSION,
        }
    }
# Rendered page parts keyed by an event's revision: per process, since such a key never goes
# stale and asking a shared cache for a large fragment costs more than keeping it here.
CACHES["local"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "parts",
    "KEY_FUNCTION": CACHE_KEY_FUNCTION,
    "VERSION": CACHE_VERSION,
}

# Celery: with no broker the tasks run in-process, eagerly, so a laptop needs no Redis.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
# Task results are never read (a print job's state is in the database): not storing them keeps
# a queued task from also needing the result store, which retried for 20 s when Redis was down.
CELERY_TASK_IGNORE_RESULT = True
# With the broker down, queueing a print job fails within about a second, and the page says the
# worker is unreachable (tournament/tasks.py), instead of holding the request.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task whose worker died unacknowledged is delivered again once it has been out this long
# (Redis broker); workers look for such tasks every CELERY_RESTORE_INTERVAL seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300")),
    "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
    "unacked_restore_throttle": 1,
    # A worker killed while restoring holds this lock; it must not outlast the timeout above.
    "unacked_mutex_expire": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300")),
}
# Workers queue again what a print job silent this long still lacks (a lost message), looking
# every PRINT_SWEEP_SECONDS; rendering a part takes well under a second.
PRINT_RESUME_SECONDS = int(os.environ.get("PRINT_RESUME_SECONDS", "60"))
PRINT_SWEEP_SECONDS = int(os.environ.get("PRINT_SWEEP_SECONDS", "20"))
# A print job silent for this long is shown as stalled, with a Retry button.
PRINT_STALL_SECONDS = int(os.environ.get("PRINT_STALL_SECONDS", "120"))
# With no broker, a job a request starts without waiting for it (a round's paper pack on
# release) runs in a background thread of the web process; 0 runs it in the request instead.
PRINT_EAGER_THREAD = os.environ.get("PRINT_EAGER_THREAD", "1") == "1"

# The open feed's webhooks (feed/): outgoing calls go to public addresses only, unless this
# allows loopback and private ones (a receiver on the organiser's own network; the tests).
FEED_WEBHOOK_ALLOW_PRIVATE = env_bool("FEED_WEBHOOK_ALLOW_PRIVATE", default=False)
FEED_WEBHOOK_TIMEOUT_S = 10
# With no broker, a delivery's attempts run in a thread of this process (off: at once, in the
# caller, as the test suite runs them).
FEED_EAGER_THREAD = os.environ.get("FEED_EAGER_THREAD", "1") == "1"
# A released round's paper pack is made at once (tournament/services/rounds/fallback.py); 0 makes it
# only when asked for on the print page.
PAPER_PACK_ON_RELEASE = os.environ.get("PAPER_PACK_ON_RELEASE", "1") == "1"

# How often a tracker page asks for the other phone's moves, in milliseconds.
TRACKER_POLL_MS = int(os.environ.get("TRACKER_POLL_MS", "4000"))

# Every handler masks private keys and tracker tokens in what it writes (ops.logmask): Django's
# request warnings ("Not Found: /p/<key>/") and the development server's request lines.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_secrets": {"()": "ops.logmask.MaskSecrets"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_secrets"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["mask_secrets"],
        },
    },
    "loggers": {
        # Django's own console handler (DEBUG only) would write unmasked: its records go to
        # the root's handler instead.
        "django": {"handlers": [], "propagate": True},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Players' e-mail addresses are forgotten this many days after their event ends
# (`manage.py forget_emails`, run daily; docs/privacy.md).
EMAIL_RETENTION_DAYS = int(os.environ.get("EMAIL_RETENTION_DAYS", "90"))

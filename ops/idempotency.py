"""`Idempotency-Key` on every write: the same asker sending the same key again within a day
gets the first answer back, and nothing changes a second time.

A phone that lost the answer to a result entry, or queued the write while offline, sends it
again with the key it made; the API and the plain pages' form posts alike (docs/api.md,
"Offline and retried writes").

How, and why so:

- The middleware is the last one, and decides in `process_view`: after the session, sign-in
  and Django's CSRF check (a replay of a form post needs a valid token exactly as the write
  did). DRF's views are CSRF-exempt and check the token themselves for a signed-in browser;
  a replay to such a browser is checked here the same way.
- The asker is who the request says it is: the signed-in account, each player key, tracker
  token or API token it carries, else an anonymous browser's session or CSRF cookie. Only a
  sha256 of that is kept. An asker with none of these (a script without cookies or
  credentials) cannot be told from another, so its key is ignored: the write runs as sent.
- The answer's row is inserted before the write runs, inside one transaction with it. A second
  request with the same key waits on the unique index until the first commits and then gives
  the first's answer (PostgreSQL waits on the index, SQLite on its write lock); if the first
  rolls back, the second runs. A process that dies mid-write leaves no row behind. One insert
  and one update per keyed write; an unkeyed write costs a header look-up.
- Kept: every answer but 5xx (a retry may then succeed; the write is rolled back whole), 401,
  403, 405, 408 and 429 (about the asker, the moment or the address, not the write; a method
  the view does not take is answered 405 without looking at the key), and streamed or file
  answers (too big to keep). A kept answer keeps its status, body and the headers in
  `KEPT_HEADERS`; a replay adds `Idempotent-Replayed: true`.
- The same key for another write (method, path, query or body differ) is 422
  `idempotency_key_reused`; a key that is empty, longer than 64 characters or not printable
  ASCII is 400 `invalid_idempotency_key`. Both change nothing. Form bodies are compared
  without their CSRF token, which a page renders anew each time.
- Answers older than `KEEP` are ignored, and every `PRUNE_EVERY`th kept answer deletes them
  (one indexed delete, after the commit).
- The public's replayed polls (tournament/caching/replay.py) are reads, given only to requests
  without credentials; this keeps only writes, and gives each only to its own asker.
- Bodies larger than DATA_UPLOAD_MAX_MEMORY_SIZE (an event file uploaded whole) are not
  compared or kept: the key is ignored, so their own size checks still read nothing first.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.http import HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.utils import timezone
from django.utils.translation import gettext as _

from ops import credentials
from ops.middleware import FaultsMiddleware
from ops.models import IdempotentAnswer

HEADER = "Idempotency-Key"
META_NAME = "HTTP_IDEMPOTENCY_KEY"
REPLAYED = "Idempotent-Replayed"
MAX_LENGTH = 64
KEEP = timedelta(hours=24)
PRUNE_EVERY = 100
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# What a replay needs to mean what the first answer meant; the CSP names the nonce the kept
# page's scripts carry. Cookies are never kept: they belong to the browser that got them.
KEPT_HEADERS = (
    "Content-Type",
    "Location",
    "ETag",
    "Content-Disposition",
    "Content-Security-Policy",
)
NOT_KEPT = frozenset({401, 403, 405, 408, 429})
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
CSRF_FIELD = "csrfmiddlewaretoken"
# Set on the request while its keyed write runs: (the open transaction, the answer's row id).
STATE = "_idempotency"


def _error(status: int, code: str, text: str) -> JsonResponse:
    # The API's one error shape, with the header in place of a field. Only scripts send the
    # header (a browser's own form cannot), so the answer is JSON on every path.
    return JsonResponse({HEADER: [text], "error_codes": {HEADER: [code]}}, status=status)


def key_problem(key: str) -> str | None:
    if not 1 <= len(key) <= MAX_LENGTH or not all(" " <= c <= "~" for c in key):
        return _(
            "The Idempotency-Key header must be 1 to %(max)d characters of printable ASCII "
            "(letters, digits, punctuation and spaces)."
        ) % {"max": MAX_LENGTH}
    return None


def asker_of(request) -> str | None:
    """sha256 of who sends the request, or None when nothing tells askers apart."""
    parts = [f"{kind}:{secret}" for kind, secret in credentials.presented(request)]
    forced = getattr(request, "_force_auth_user", None)  # DRF's test client signs in so
    user = forced if forced is not None else getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        parts.append(f"user:{user.pk}")
    elif not parts:
        session = getattr(request, "session", None)
        if session is not None and session.session_key:
            parts.append(f"session:{session.session_key}")
        elif csrf := request.COOKIES.get(settings.CSRF_COOKIE_NAME):
            parts.append(f"browser:{csrf}")
    if not parts:
        return None
    return hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()


def _too_big(request) -> bool:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return True
    return limit is not None and length > limit


def _takes(view_func, method: str) -> bool:
    """Does the view take this method? Class-based views (DRF's and Django's) say; a function
    view is taken to."""
    cls = getattr(view_func, "cls", None) or getattr(view_func, "view_class", None)
    return cls is None or hasattr(cls, method.lower())


def request_hash(request) -> str | None:
    """sha256 of what the write is: method, path, query and body (a form's fields and files,
    without its CSRF token); None for a form body that does not parse (a multipart without its
    boundary), which the view refuses as it would without a key."""
    digest = hashlib.sha256()
    for part in (request.method, request.path, request.META.get("QUERY_STRING", "")):
        digest.update(part.encode() + b"\0")
    if request.method == "POST" and request.content_type in FORM_TYPES:
        try:
            posted = request.POST
        except MultiPartParserError:
            return None
        fields = sorted((k, v) for k, v in posted.lists() if k != CSRF_FIELD)
        digest.update(json.dumps(fields).encode())
        for name, uploads in sorted(request.FILES.lists()):
            for upload in uploads:
                digest.update(f"\0{name}\0{upload.name}\0{upload.size}\0".encode())
                for chunk in upload.chunks():
                    digest.update(chunk)
                upload.seek(0)
    else:
        digest.update(request.content_type.encode() + b"\0" + request.body)
    return digest.hexdigest()


def _csrf_refusal(request, view_func):
    """For a view that checks CSRF itself (DRF, for a signed-in browser): the refusal it would
    give a replay without a valid token, or None."""
    if not getattr(view_func, "csrf_exempt", False) or "HTTP_AUTHORIZATION" in request.META:
        return None
    if getattr(request, "_force_auth_user", None) is not None:
        return None
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    from rest_framework.authentication import CSRFCheck  # noqa: PLC0415 - DRF's own check

    check = CSRFCheck(lambda _request: None)
    check.process_request(request)
    reason = check.process_view(request, None, (), {})
    if not reason:
        return None
    text = _("CSRF Failed: %(reason)s") % {"reason": reason}
    body = {"detail": text, "error_codes": {"detail": ["permission_denied"]}}
    return JsonResponse(body, status=403)


def replay(row: IdempotentAnswer) -> HttpResponse:
    response = HttpResponse(bytes(row.body), status=row.status)
    for name, value in json.loads(row.headers).items():
        response[name] = value
    response[REPLAYED] = "true"
    return response


def _insert(asker: str, key: str, fingerprint: str, now) -> int | None:
    """Insert the answer's row; its id, or None when this asker's key has one already. One
    statement that never fails on the key (PostgreSQL and SQLite 3.35+ alike): a row another
    transaction holds uncommitted is waited for, then counted if it committed."""
    table = connection.ops.quote_name(IdempotentAnswer._meta.db_table)
    sql = (
        f"INSERT INTO {table} (asker, key, request_hash, created_at, status, headers, body) "  # noqa: S608 - the model's table
        "VALUES (%s, %s, %s, %s, 0, '{}', %s) ON CONFLICT (asker, key) DO NOTHING RETURNING id"
    )
    created = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(sql, [asker, key, fingerprint, created, b""])
        row = cursor.fetchone()
    return None if row is None else row[0]


def prune() -> int:
    """Delete the answers older than KEEP; how many."""
    deleted, _by_model = IdempotentAnswer.objects.filter(
        created_at__lt=timezone.now() - KEEP
    ).delete()
    return deleted


class IdempotencyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            response = self.get_response(request)
        except BaseException as exc:
            self._abandon(request, exc)
            raise
        return self._finish(request, response)

    def process_view(self, request, view_func, view_args, view_kwargs):
        key = request.META.get(META_NAME)
        if key is None or request.method not in WRITES or not _takes(view_func, request.method):
            return None  # a read, or a method the view answers 405 whatever the key
        if problem := key_problem(key):
            return _error(400, "invalid_idempotency_key", problem)
        asker = asker_of(request)
        # No key is taken where askers cannot be told apart, for a body too big to keep, or
        # for a form body that does not parse (the view refuses it as without a key).
        fingerprint = None if asker is None or _too_big(request) else request_hash(request)
        if fingerprint is None:
            return None
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            found = self._claim(asker, key, fingerprint)
        except BaseException as exc:
            atomic.__exit__(type(exc), exc, exc.__traceback__)
            if isinstance(exc, OperationalError | InterfaceError):
                # The database is not answering: the same 503 the view would have met.
                return FaultsMiddleware(self.get_response).process_exception(request, exc)
            raise
        if isinstance(found, int):
            setattr(request, STATE, (atomic, found))
            return None
        atomic.__exit__(None, None, None)
        return self._kept(request, view_func, found, fingerprint)

    @staticmethod
    def _kept(request, view_func, found: IdempotentAnswer, fingerprint: str):
        """The answer to a key already used by this asker: its first answer, or a refusal."""
        if found.request_hash != fingerprint:
            text = _(
                "This Idempotency-Key was already used for another write (another address or "
                "body); nothing was changed. Make a new key for a new write."
            )
            return _error(422, "idempotency_key_reused", text)
        return _csrf_refusal(request, view_func) or replay(found)

    @staticmethod
    def _claim(asker: str, key: str, fingerprint: str) -> int | IdempotentAnswer:
        """The new row's id (this request runs the write), or the kept answer."""
        while True:
            now = timezone.now()
            row_id = _insert(asker, key, fingerprint, now)
            if row_id is not None:
                return row_id
            found = IdempotentAnswer.objects.filter(asker=asker, key=key).first()
            if found is None:
                continue  # pruned meanwhile
            if found.created_at >= now - KEEP:
                return found
            # Past its day: as if never sent. A concurrent request deletes the same row (or
            # waits on it); the loser of the next insert then reads the winner's answer.
            IdempotentAnswer.objects.filter(pk=found.pk).delete()

    @staticmethod
    def _finish(request, response):
        state = getattr(request, STATE, None)
        if state is None:
            return response
        delattr(request, STATE)
        atomic, row_id = state
        status = response.status_code
        try:
            if status >= 500 or transaction.get_rollback():
                # Nothing of it stays: the retry runs the write afresh.
                transaction.set_rollback(True)
            elif status in NOT_KEPT or response.streaming:
                IdempotentAnswer.objects.filter(pk=row_id).delete()
            else:
                headers = {h: response[h] for h in KEPT_HEADERS if h in response}
                IdempotentAnswer.objects.filter(pk=row_id).update(
                    status=status, headers=json.dumps(headers), body=response.content
                )
                if row_id % PRUNE_EVERY == 0:
                    transaction.on_commit(prune)
        except BaseException as exc:
            atomic.__exit__(type(exc), exc, exc.__traceback__)
            raise
        atomic.__exit__(None, None, None)
        return response

    @staticmethod
    def _abandon(request, exc: BaseException) -> None:
        state = getattr(request, STATE, None)
        if state is not None:
            delattr(request, STATE)
            state[0].__exit__(type(exc), exc, exc.__traceback__)

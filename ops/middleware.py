"""Faults outside validation still get a clear answer: JSON under /api/, a page elsewhere.

Django turns an oversized body into a bare HTML 400 and a database outage into a 500; a phone
app or a TO's script can act on neither. An oversized body is a 413 that names the limit; a
database that does not answer (down, restarting, or locked past the wait) is a 503 with
Retry-After, since trying again shortly is the right thing to do.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.shortcuts import render

from ops import credentials, throttle
from ops.devices import device_for, device_remember

# A database restart takes about a second and kept connections are checked before reuse
# (CONN_HEALTH_CHECKS): a client told to wait a quarter-minute would wait far past the outage.
RETRY_AFTER_S = 2


def _limit_text() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    return f"{limit / 1_000_000:g} MB"


class FaultsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        api = request.path.startswith("/api/")
        if isinstance(exception, RequestDataTooBig):
            text = f"The request is larger than the {_limit_text()} limit; nothing was changed."
            return self._answer(request, api, 413, "too_large", "Request too large", text)
        if isinstance(exception, OperationalError | InterfaceError):
            text = "The database is not answering; nothing was changed. Try again shortly."
            response = self._answer(request, api, 503, "unavailable", "Try again shortly", text)
            response["Retry-After"] = str(RETRY_AFTER_S)
            return response
        return None

    @staticmethod
    def _answer(request, api: bool, status: int, code: str, title: str, text: str):  # noqa: PLR0917
        if api:
            return JsonResponse({"detail": text, "error_codes": {"detail": [code]}}, status=status)
        context = {"title": title, "text": text}
        # A plain page: the base layout would ask the database for the user and fail again.
        return render(request, "error.html", context, status=status)


LOGIN_PATHS = ("/accounts/login/", "/admin/login/")
SIGNUP_PATH = re.compile(r"^(/api)?/events/\d+/signup/$")
REFUSED = (401, 403, 404)


def client_address(request) -> str:
    """The client's address; behind a proxy, the last one the proxy appended (CLIENT_IP_HEADER,
    see docs/deploy.md): without it every client behind the proxy shares the proxy's address."""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header and request.META.get(header):
        return request.META[header].split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


class ThrottleMiddleware:
    """Refuse (429) a client or an account after too many failed sign-ins or wrong keys.

    It judges by outcome, so no view needs to know: a sign-in form shown again (200) is a
    failed password, a redirect is a success; a refused request (401, 403, 404) that carried a
    player key or token which is nobody's is a wrong guess (ops/credentials.py). Refusals with a
    real key are honest mistakes and do not count.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path in LOGIN_PATHS:
            return self._login(request)
        if request.method == "POST" and SIGNUP_PATH.match(request.path):
            return self._signup(request)
        if credentials.carries_secret(request):
            return self._keyed(request)
        return self.get_response(request)

    @staticmethod
    def _login_rules(request, account: str) -> list[tuple[throttle.Rule, str]]:
        """What a sign-in is counted under: a browser that signed in to this account before
        on its own; any other by its address, and by this account at this address."""
        device = device_for(request, account) if account else None
        if device:
            return [(throttle.LOGIN_PER_DEVICE, f"{device}|{account}")]
        client = client_address(request)
        rules = [(throttle.LOGIN_PER_CLIENT, client)]
        if account:
            rules.append((throttle.LOGIN_PER_ACCOUNT, f"{account}|{client}"))
        return rules

    def _login(self, request):
        account = request.POST.get("username", "").strip().lower()
        rules = self._login_rules(request, account)
        wait = max(throttle.wait_seconds(rule, who) for rule, who in rules)
        if wait:
            text = (
                "Too many failed sign-ins for this account from this device. "
                f"Try again in {throttle.minutes_text(wait)}."
            )
            return _throttled(request, wait, text)
        response = self.get_response(request)
        if response.status_code == 200:
            for rule, who in rules:
                throttle.record_failure(rule, who)
        elif response.status_code in (301, 302, 303) and account:
            for rule, who in rules:
                if rule is not throttle.LOGIN_PER_CLIENT:
                    throttle.forget(rule, who)
            device_remember(request, response, account)
        return response

    def _signup(self, request):
        """Count the sign-ups taken (201, or the page's redirect) from a client: a script
        filling the places and the waiting list with made-up names is stopped after a few."""
        client = client_address(request)
        wait = throttle.wait_seconds(throttle.SIGNUPS_PER_CLIENT, client)
        if wait:
            later = throttle.minutes_text(wait)
            text = f"Too many sign-ups from this device. Try again in {later}."
            return _throttled(request, wait, text)
        response = self.get_response(request)
        if response.status_code in (201, 302):
            throttle.record_failure(throttle.SIGNUPS_PER_CLIENT, client)
        return response

    def _keyed(self, request):
        client = client_address(request)
        wait = throttle.wait_seconds(throttle.KEYS_PER_CLIENT, client)
        if wait:
            text = (
                "Too many wrong links or keys from this device. "
                f"Try again in {throttle.minutes_text(wait)}, and check the link you were given."
            )
            return _throttled(request, wait, text)
        response = self.get_response(request)
        if response.status_code in REFUSED and credentials.wrong_secret(request):
            throttle.record_failure(throttle.KEYS_PER_CLIENT, client)
        return response


def _throttled(request, wait: int, text: str):
    api = request.path.startswith("/api/")
    response = FaultsMiddleware._answer(request, api, 429, "throttled", "Too many attempts", text)
    response["Retry-After"] = str(wait)
    return response

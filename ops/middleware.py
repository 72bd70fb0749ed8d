"""Faults outside validation still get a clear answer: JSON under /api/, a page elsewhere.

Django turns an oversized body into a bare HTML 400 and a database outage into a 500; a phone
app or a TO's script can act on neither. An oversized body is a 413 that names the limit; a
database that does not answer (down, restarting, or locked past the wait) is a 503 with
Retry-After, since trying again shortly is the right thing to do.
"""

from __future__ import annotations

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
REFUSED = (401, 403, 404)


def client_address(request) -> str:
    """The client's address; behind a proxy, the last one the proxy appended (CLIENT_IP_HEADER,
    see docs/deploy.md): without it every client behind the proxy shares the proxy's address."""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header and request.META.get(header):
        return request.META[header].split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def signup_wait(request, event_id: int) -> int:
    """Seconds until this address has room for another sign-up to the event (0: now). The
    sign-up views ask it first, so a refusal can give the form back as it was typed."""
    who = f"{client_address(request)}|{event_id}"
    return throttle.budget_wait(throttle.SIGNUPS_PER_ADDRESS, who)


def signup_taken(request, event_id: int) -> None:
    throttle.budget_take(throttle.SIGNUPS_PER_ADDRESS, f"{client_address(request)}|{event_id}")


def signup_wait_text(wait: int) -> str:
    return (
        "Many people are signing up from this network right now. "
        f"Wait {wait} seconds and press Sign up again: what you typed is kept."
    )


class ThrottleMiddleware:
    """Refuse (429) a client or an account after too many failed sign-ins or wrong keys.

    It judges by outcome, so no view needs to know: a sign-in form shown again (200) is a
    failed password, a redirect is a success; a refused request (401, 403, 404) that carried a
    player key or token which is nobody's is a wrong guess (ops/credentials.py). Refusals with a
    real key are honest mistakes and do not count, and a real key is never refused.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path in LOGIN_PATHS:
            return self._login(request)
        if credentials.carries_secret(request):
            return self._keyed(request)
        return self.get_response(request)

    @staticmethod
    def _login_rules(request, account: str) -> tuple[list[tuple[throttle.Rule, str]], list]:
        """What a sign-in is counted under, and what it is judged by. A browser that signed in
        to this account before: on its own. Any other: counted by its address and by this
        account at this address, and judged by the account's own count there, which has fewer
        tries once the address is full (a prankster at the venue's one address does not lock
        out a judge's first sign-in there). No account named: by the address alone."""
        device = device_for(request, account) if account else None
        if device:
            rules = [(throttle.LOGIN_PER_DEVICE, f"{device}|{account}")]
            return rules, rules
        client = client_address(request)
        if not account:
            rules = [(throttle.LOGIN_PER_CLIENT, client)]
            return rules, rules
        at_address = f"{account}|{client}"
        full = throttle.wait_seconds(throttle.LOGIN_PER_CLIENT, client) > 0
        judge = throttle.LOGIN_WHILE_ADDRESS_FULL if full else throttle.LOGIN_PER_ACCOUNT
        counted = [(throttle.LOGIN_PER_CLIENT, client), (throttle.LOGIN_PER_ACCOUNT, at_address)]
        return counted, [(judge, at_address)]

    def _login(self, request):
        account = request.POST.get("username", "").strip().lower()
        counted, judged = self._login_rules(request, account)
        wait = max(throttle.wait_seconds(rule, who) for rule, who in judged)
        if wait:
            text = (
                "Too many failed sign-ins for this account from this device. "
                f"Try again in {throttle.minutes_text(wait)}."
            )
            return _throttled(request, wait, text)
        response = self.get_response(request)
        if response.status_code == 200:
            for rule, who in counted:
                throttle.record_failure(rule, who)
        elif response.status_code in (301, 302, 303) and account:
            for rule, who in counted:
                if rule is not throttle.LOGIN_PER_CLIENT:
                    throttle.forget(rule, who)
            device_remember(request, response, account)
        return response

    def _keyed(self, request):
        client = client_address(request)
        wait = throttle.wait_seconds(throttle.KEYS_PER_CLIENT, client)
        # Verify the key first: past the limit only wrong keys are refused, so a prankster (or
        # a misprinted QR code) at the venue's one address never locks out the real keys
        # there. Keys are far too long to guess, so answering a real one gives nothing away;
        # the look-up is made only while the address is over its limit.
        if wait and credentials.wrong_secret(request):
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

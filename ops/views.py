"""The health endpoint and the error pages: JSON under /api/, a friendly page elsewhere."""

from __future__ import annotations

from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.views.decorators.cache import never_cache

from ops.health import health_check
from ops.middleware import RETRY_AFTER_S


@never_cache
def health(request):
    report = health_check()
    # Degraded still serves (see ops/health.py): only a database that does not answer is 503.
    if report["status"] != "unavailable":
        return JsonResponse(report)
    response = JsonResponse(report, status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    if _is_api(request):
        body = {"detail": "Not found.", "error_codes": {"detail": ["not_found"]}}
        return JsonResponse(body, status=404)
    return render(request, "404.html", {"path": request.path}, status=404)


def server_error(request):
    if _is_api(request):
        body = {
            "detail": "The server failed to answer; nothing was changed. Try again shortly.",
            "error_codes": {"detail": ["server_error"]},
        }
        return JsonResponse(body, status=500)
    # No context processors and no request: whatever broke must not break the error page too.
    context = {
        "title": "Something went wrong",
        "text": "The server could not answer this time. Nothing you sent was half-saved: "
        "try again in a moment, and if it keeps happening, tell the organiser's desk.",
    }
    return HttpResponseServerError(loader.get_template("error.html").render(context))

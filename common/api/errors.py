"""One error shape for the API: `{field: [message]}` plus `error_codes: {field: [code]}`."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.errors import ServiceError


def _codes(detail):
    if isinstance(detail, dict):
        return {k: _codes(v) for k, v in detail.items()}
    if isinstance(detail, list):
        return [_codes(v) for v in detail]
    return getattr(detail, "code", "invalid")


def exception_handler(exc, context):
    # Django's own refusals become DRF's, so they carry `error_codes` like every other error.
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args[:1])
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args[:1])
    if isinstance(exc, ServiceError):
        body = dict(exc.messages)
        body["error_codes"] = exc.codes
        return Response(body, status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError) and isinstance(response.data, dict):
        response.data["error_codes"] = _codes(exc.detail)
    elif isinstance(exc, exceptions.APIException) and isinstance(response.data, dict):
        response.data["error_codes"] = {"detail": [exc.default_code]}
    return response

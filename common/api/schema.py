"""The OpenAPI schema tells the truth about every answer, errors included.

`ApiSchema` (the project's DRF schema class) adds to each operation the 4xx answers it can
give, all in the one error shape of `common.api.errors`, so a client knows what a refusal
looks like before it meets one. The player key scheme is described here too, so the schema
says how a player authenticates.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from common.api.bodies import KnownFieldsMixin

WRITES = {"POST", "PUT", "PATCH", "DELETE"}

# What each refusal means, as the schema's response descriptions.
ERROR_DESCRIPTIONS = {
    "400": "Invalid input: the body names each failing field and its rule; a key the "
    "operation does not take is `unknown_field`, a read-only field sent with another value "
    "`read_only`, a key repeated in one object `duplicate_key`; a body nested too deep is "
    "`detail` `too_deep`, JSON that does not parse `detail` `parse_error`.",
    "401": "Not signed in, or the token or player key is unknown.",
    "403": "Signed in, but not allowed to do this.",
    "404": "No such object, or not visible to you.",
    "409": "Refused by the event's state (for example a round not yet complete).",
    "413": "The request body is over the size limit, or would cost too much memory to "
    "parse (`too_large`); nothing was changed.",
    "415": "The body is not JSON or form data.",
    "429": "Too many wrong keys or tokens, or sign-ups, from this client; see Retry-After.",
}


class ApiErrorSerializer(serializers.Serializer):
    """Stands for the error body in the schema; `ApiErrorExtension` gives its real shape."""


class ApiErrorExtension(OpenApiSerializerExtension):
    target_class = ApiErrorSerializer

    def get_name(self, auto_schema, direction):
        return "ApiError"

    def map_serializer(self, auto_schema, direction):
        # Each failing field maps to its messages, and `error_codes` to the same fields' machine
        # codes; nested input (a list of pairings) nests the same way, hence the open items.
        messages = {"anyOf": [{"type": "array", "items": {}}, {"type": "object"}]}
        return {
            "type": "object",
            "description": "`{field: [message], error_codes: {field: [code]}}`; refusals "
            "that concern no one field use `detail`.",
            "properties": {
                "detail": {"type": "string"},
                "error_codes": {"type": "object", "additionalProperties": messages},
            },
            "required": ["error_codes"],
            "additionalProperties": messages,
        }


class PlayerKeyScheme(OpenApiAuthenticationExtension):
    target_class = "tournament.api.auth.PlayerKeyAuthentication"
    name = "playerKey"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Key <private_key>`: a player acts on their own games.",
        }


BLANK_ALLOWED = {"type": "string", "maxLength": 0}


class ApiSchema(AutoSchema):
    def _insert_field_validators(self, field, schema):
        super()._insert_field_validators(field, schema)
        # drf-spectacular writes a blank-allowed text with a pattern as `oneOf: [pattern, ""]`,
        # which "" matches twice (so is invalid); our patterns already admit "".
        variants = schema.get("oneOf")
        if variants and len(variants) == 2 and variants[1] == BLANK_ALLOWED:
            schema.update(schema.pop("oneOf")[0])

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        # The API refuses a key its body does not take (400 unknown_field); the schema says so.
        if direction == "request" and isinstance(serializer, KnownFieldsMixin):
            schema["additionalProperties"] = False
        return schema

    def _error_statuses(self) -> list[str]:
        method = self.method.upper()
        authenticated = bool(getattr(self.view, "authentication_classes", None))
        # The throttle counts every refusal of a request that carried a token or key, on any
        # endpoint, and then answers 429 (ops.middleware.ThrottleMiddleware).
        statuses = {"429"}
        if method in WRITES or self._get_query_parameters_like():
            statuses.add("400")
        if authenticated:
            # These endpoints read a sent token or key, and refuse an unknown one.
            statuses.add("401")
            if method in WRITES or getattr(self.view, "reads_are_guarded", False):
                statuses.add("403")
        if "{" in self.path:
            statuses.add("404")
        if method in WRITES:
            statuses |= {"409", "413"} if self.path.startswith("/api/") else {"413"}
            if method != "DELETE":
                statuses.add("415")
        return sorted(statuses)

    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        # Operations that act on a confirmation refuse a missing body (bodies.require_body).
        if body and self.method.upper() in getattr(self.view, "body_required_for", ()):
            body["required"] = True
        return body

    def _get_query_parameters_like(self) -> bool:
        return any(p.get("in") == "query" for p in self._get_parameters())

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status in self._error_statuses():
            if status not in responses:
                body = self._get_response_for_code(ApiErrorSerializer, status, direction=direction)
                body["description"] = ERROR_DESCRIPTIONS[status]
                responses[status] = body
        return responses

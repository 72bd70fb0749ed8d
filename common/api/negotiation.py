"""Content negotiation that refuses a `format` query parameter naming no format of the view.

DRF reads `?format=` only when it is non-empty, so `?format=` fell through to the Accept header
and was answered with a guessed format; an unknown one was a bare 404. The schema lists each
view's formats as an enum, so either is bad input: 400 naming the field and the formats taken.
"""

from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation


class StrictFormatNegotiation(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        param = self.settings.URL_FORMAT_OVERRIDE
        if not format_suffix and param and param in request.query_params:
            asked = request.query_params.get(param)
            formats = list(dict.fromkeys(r.format for r in renderers))
            if asked not in formats:
                raise exceptions.ValidationError(
                    {
                        param: [
                            exceptions.ErrorDetail(
                                gettext("Ask for one of these formats: %(formats)s.")
                                % {"formats": ", ".join(formats)},
                                code="invalid_choice",
                            )
                        ]
                    }
                )
        return super().select_renderer(request, renderers, format_suffix)

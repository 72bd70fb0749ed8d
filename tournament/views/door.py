"""The door sheet download: every player's link on paper, for organisers and judges."""

from __future__ import annotations

from django.http import HttpResponse

from tournament.services.documents.door_sheet import door_sheet_pdf
from tournament.services.documents.exports import file_disposition, file_slug
from tournament.views.common import staff_required


@staff_required
def door_sheet(request, event):
    # Judges hand out lost links too (they read private keys on the player pages).
    response = HttpResponse(door_sheet_pdf(event=event), content_type="application/pdf")
    name = f"{file_slug(event.name, 'event')}-player-links.pdf"
    response["Content-Disposition"] = file_disposition(name, inline=True)
    return response

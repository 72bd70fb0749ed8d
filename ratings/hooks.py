"""What the ratings app registers at start-up (ratings.apps): the rebuild's starter, the round's
completion, the event's settings (API, forms, document, log), the player's page section, the
person page's history and the win chances under the public pairings."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save


def _round_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """A round saved complete (the last of its results confirmed or settled): its event's
    edition group is rated again once the transaction commits, by a task taking ids."""
    from ratings.tasks import round_complete_start  # noqa: PLC0415
    from tournament.models import RoundStatus  # noqa: PLC0415

    if instance.status != RoundStatus.COMPLETE:
        return
    if update_fields is not None and "status" not in update_fields:
        return
    round_id, event_id = instance.pk, instance.event_id
    transaction.on_commit(lambda: round_complete_start(round_id, event_id))


def register() -> None:
    from people.extensions import (  # noqa: PLC0415
        CONSENT_CHANGED,
        PERSON_DATA_SECTIONS,
        PERSON_PAGE_SECTIONS,
    )
    from ratings.api import extra_fields as api_fields  # noqa: PLC0415
    from ratings.extensions import REBUILD_STARTERS  # noqa: PLC0415
    from ratings.services import settings  # noqa: PLC0415
    from ratings.services.ratings import (  # noqa: PLC0415
        person_ratings_data,
        ratings_consent_changed,
    )
    from ratings.tasks import editions_start  # noqa: PLC0415
    from ratings.views import extra_fields as form_fields  # noqa: PLC0415
    from ratings.views.pages import (  # noqa: PLC0415
        pairings_win_chances,
        person_ratings_section,
        player_ratings_section,
    )
    from tournament.extensions import (  # noqa: PLC0415
        EVENT_UPDATE_CHECKS,
        PAGE_SECTIONS,
        PLAYER_PAGE_SECTIONS,
    )
    from tournament.models import Round  # noqa: PLC0415
    from tournament.services.audit.words import audit_fields_register  # noqa: PLC0415
    from tournament.services.events.extra_fields import extra_fields_register  # noqa: PLC0415

    REBUILD_STARTERS.register(editions_start)
    post_save.connect(_round_saved, sender=Round, dispatch_uid="ratings-round-complete")
    extra_fields_register("event", settings.EVENT_EXTRAS)
    settings.install_attributes()
    EVENT_UPDATE_CHECKS.register(settings.event_visibility_check)
    api_fields.register()
    form_fields.register()
    PLAYER_PAGE_SECTIONS.register(player_ratings_section)
    PERSON_PAGE_SECTIONS.register(person_ratings_section)
    PERSON_DATA_SECTIONS.register(person_ratings_data)
    CONSENT_CHANGED.register(ratings_consent_changed)
    PAGE_SECTIONS["pairings"].register(pairings_win_chances)
    audit_fields_register(
        {
            "ratings_excluded": "Excluded from ratings",
            "ratings_win_chances": "Win chances beside the pairings",
        },
        {},
    )

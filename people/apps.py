from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    verbose_name = "People across events"

    def ready(self) -> None:
        # The tournament app never imports this one: players are linked to people when they
        # are saved (sign-up, the organiser's forms, CSV and file imports all save players).
        from people.services import hooks  # noqa: PLC0415

        hooks.register()
        # Imported events' players are linked, and their people's numbers travel in the file.
        from people.services import exchange  # noqa: PLC0415

        exchange.register()
        # The player's own page links to their results across events (a view hook).
        from people.views.pages import player_links  # noqa: PLC0415
        from tournament.extensions import PLAYER_PAGE_LINKS  # noqa: PLC0415

        PLAYER_PAGE_LINKS.register(player_links)
        # Cards follow the person (issue 35): staff are warned of a red card at sign-up, and
        # the player's own page lists their cards of the last 366 days.
        from people.services import cards  # noqa: PLC0415
        from people.views.pages import player_cards_section  # noqa: PLC0415
        from tournament.extensions import PLAYER_PAGE_SECTIONS  # noqa: PLC0415

        cards.register()
        PLAYER_PAGE_SECTIONS.register(player_cards_section)
        # A person's erasure is logged in each event's log in words (never the erased values).
        from people.services.erase import erase_words_register  # noqa: PLC0415

        erase_words_register()
        from people.services.consent import consent_words_register  # noqa: PLC0415

        consent_words_register()
        # Publication consent (issue 36): asked on the player's own page, shown to the staff.
        from people.views.consent import (  # noqa: PLC0415
            consent_signup_register,
            player_consent_section,
            staff_consent_section,
        )
        from tournament.extensions import STAFF_PLAYER_SECTIONS  # noqa: PLC0415

        PLAYER_PAGE_SECTIONS.register(player_consent_section)
        STAFF_PLAYER_SECTIONS.register(staff_consent_section)
        consent_signup_register()
        from people.api.consent import signup_fields  # noqa: PLC0415
        from tournament.extensions import EXTRA_SERIALIZER_FIELDS  # noqa: PLC0415

        EXTRA_SERIALIZER_FIELDS["signup"].register(signup_fields)

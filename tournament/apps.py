from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from django.utils.translation import gettext  # noqa: PLC0415

        from common.errors import rule_translator_install  # noqa: PLC0415
        from tournament.caching import signals  # noqa: F401, PLC0415 - connects the receivers
        from tournament.extensions import PACK_STARTERS  # noqa: PLC0415
        from tournament.tasks import print_job_background  # noqa: PLC0415

        # The engines' refusals are read in the reader's language (common/errors.py).
        rule_translator_install(gettext)

        # A released round's paper pack starts in the background (services never import tasks).
        PACK_STARTERS.register(print_job_background)

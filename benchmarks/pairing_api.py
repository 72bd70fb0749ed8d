"""Time the whole API call that pairs a round: POST /api/events/{id}/rounds/.

The timer keeps its own event in a throwaway SQLite database: before each round it enters
random results for the previous one (~10% draws, untimed) and drops ~2% of the field, then
times the request, which reads the event, runs the engine and writes every game in one
transaction. Its history is of the same kind as the engine-only simulation, not the same one.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path


def _django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class ApiTimer:
    """fn(players, games, round_number, seed) -> seconds of the API call for that round."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="strategium-bench-")
        _django(Path(self.folder) / "bench.sqlite3")
        self.event_id = None
        self.size = None
        self.rng = random.Random(5)

    def _new_event(self, size: int) -> None:
        from django.contrib.auth import get_user_model
        from rest_framework.test import APIClient

        from tournament.models import Player
        from tournament.services.events.events import event_create

        user_model = get_user_model()
        self.user = user_model.objects.filter(username="bench").first()
        if self.user is None:
            self.user = user_model.objects.create_superuser("bench", password=None)
        event = event_create(user=self.user, name=f"Bench {size}", rounds=30)
        Player.objects.bulk_create(
            Player(event=event, name=f"P{i}", faction="Orks", club=f"C{i % 37}")
            for i in range(size)
        )
        self.event_id, self.size = event.pk, size
        self.client = APIClient()
        self.client.force_authenticate(self.user)

    def _play_previous(self) -> None:
        from tournament.models import Game, Player
        from tournament.services.players.players import player_update
        from tournament.services.results.results import result_enter

        for game in Game.objects.filter(
            round__event_id=self.event_id, player_b__isnull=False, results__isnull=True
        ):
            x = self.rng.randrange(0, 101, 5)
            y = x if self.rng.random() < 0.1 else self.rng.randrange(0, 101, 5)
            result_enter(game_id=game.pk, data={"vp_a": x, "vp_b": y}, user=self.user)
        for player in Player.objects.filter(event_id=self.event_id, dropped=False):
            if self.rng.random() < 0.02:
                player_update(player=player, user=self.user, changes={"dropped": True})

    def __call__(self, players, games, round_number: int, seed: int) -> float:
        if round_number == 1 or self.size != len(players):
            self._new_event(len(players))
        else:
            self._play_previous()
        start = time.perf_counter()
        response = self.client.post(
            f"/api/events/{self.event_id}/rounds/", {"seed": seed}, format="json"
        )
        elapsed = time.perf_counter() - start
        assert response.status_code == 201, response.content[:300]
        return elapsed

"""Load the demo event: 24 players, two rounds played and the third paired.

Safe to run again: an existing demo is left as it is, and the organiser login is reset to
the printed password so the README's instructions always work.
"""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournament.factions import FACTIONS
from tournament.models import Event, Table
from tournament.services.events import event_create
from tournament.services.players import player_register
from tournament.services.results import result_enter
from tournament.services.rounds import round_create

DEMO_NAME = "Strategium Demo GT"
ORGANISER = ("organiser", "strategium-demo")

CLUBS = ["Dice Hard", "Warp Spiders Club", "The Objective Secured", "Lone Wolves", "Brush & Bolter"]
FIRST = [
    "Ada",
    "Ben",
    "Cleo",
    "Dev",
    "Eli",
    "Fay",
    "Gus",
    "Hana",
    "Ivo",
    "Jun",
    "Kit",
    "Lea",
    "Max",
    "Nia",
    "Oli",
    "Pia",
    "Quin",
    "Rae",
    "Sam",
    "Tess",
    "Uma",
    "Vic",
    "Wes",
    "Zoe",
]
LAST = [
    "Archer",
    "Brook",
    "Castell",
    "Drake",
    "Ember",
    "Frost",
    "Grave",
    "Hale",
    "Iron",
    "Jett",
    "Knox",
    "Lark",
    "Marsh",
    "North",
    "Oak",
    "Pike",
    "Quarry",
    "Reed",
    "Stone",
    "Thorn",
    "Umber",
    "Vance",
    "Wolfe",
    "Yew",
]


def _random_score(rng: random.Random) -> dict:
    data = {}
    for side in "ab":
        primary, secondary = rng.randint(10, 45), rng.randint(8, 40)
        data.update(
            {
                f"primary_{side}": primary,
                f"secondary_{side}": secondary,
                f"gambit_{side}": 0,
                f"battle_ready_{side}": rng.choice([0, 10, 10]),
            }
        )
    return data


class Command(BaseCommand):
    help = "Load a demo event (idempotent) and make sure the demo organiser can sign in."

    def handle(self, *args, **options):
        user = self._organiser()
        if Event.objects.filter(name=DEMO_NAME).exists():
            self.stdout.write("Demo event already loaded.")
            return
        with transaction.atomic():
            self._load(user)
        self.stdout.write(self.style.SUCCESS("Demo event loaded: 24 players, round 3 paired."))

    def _organiser(self):
        user_model = get_user_model()
        user, _ = user_model.objects.get_or_create(username=ORGANISER[0])
        user.is_staff = True
        user.is_superuser = True
        user.set_password(ORGANISER[1])
        user.save()
        return user

    def _load(self, user) -> None:
        rng = random.Random(40_000)
        event = event_create(
            user=user,
            name=DEMO_NAME,
            rounds=5,
            seed=7,
            venue="Warhammer World, Nottingham",
            tiebreaks=["owr", "vp", "sos"],
            status="running",
            start_date=timezone.localdate(),
            end_date=timezone.localdate(),
        )
        for number in range(1, 13):
            Table.objects.create(
                event=event, number=number, terrain_layout=1 + number % 4, accessible=number == 12
            )
        for i in range(24):
            player_register(
                event=event,
                user=user,
                name=f"{FIRST[i]} {LAST[i]}",
                faction=FACTIONS[i % len(FACTIONS)],
                club=CLUBS[i % len(CLUBS)],
                battle_ready=i % 4 != 0,
                checked_in=True,
            )
        for number in (1, 2):
            round_ = round_create(event_id=event.pk, user=user, seed=number)
            for game in round_.games.filter(player_b__isnull=False):
                result_enter(game_id=game.pk, data=_random_score(rng), user=user)
        round_create(event_id=event.pk, user=user, seed=3)

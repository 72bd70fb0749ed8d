"""Load the demo events: a Leviathan event (24 players, two rounds played and the third
paired) and an 11th-edition one (16 players with their Force Dispositions, round 1 played with
each game's battle rounds, Attacker, first turn and secondaries recorded, round 2 paired).

Safe to run again: an existing demo event is left as it is, and the organiser login is reset
to the printed password so the README's instructions always work.
"""

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from missions.eleventh.matrix import DISPOSITION_IDS
from ops.demo import DEMO_PASSWORD, DEMO_USERNAME
from tournament.data.factions import FACTIONS
from tournament.models import Event, Table
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

DEMO_NAME = "Strategium Demo GT"
DEMO_11_NAME = "Strategium Demo 11th Edition"
DEMO_11_PLAYERS = 16
ORGANISER = (DEMO_USERNAME, DEMO_PASSWORD)

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


def _eleventh_side(rng: random.Random, battle_ready: bool) -> tuple[list[dict], int]:
    """One side's five battle rounds (at most 9 VP of each kind a round: within the 15 per
    round and the 45 per game) and its Battle Ready bonus, as the player registered."""
    rounds = [{"primary": rng.randint(0, 9), "secondary": rng.randint(0, 9)} for _ in range(5)]
    return rounds, 10 if battle_ready else 0


def _eleventh_score(rng: random.Random, game) -> dict:
    """An 11th-edition result with its whole record; the rounds give primary and secondary."""
    rounds_a, bonus_a = _eleventh_side(rng, game.player_a.battle_ready)
    rounds_b, bonus_b = _eleventh_side(rng, game.player_b.battle_ready)
    return {
        "rounds_a": rounds_a,
        "rounds_b": rounds_b,
        "battle_ready_a": bonus_a,
        "battle_ready_b": bonus_b,
        "attacker": rng.choice("ab"),
        "first_turn": rng.choice("ab"),
        "secondaries_a": rng.choice(("fixed", "tactical")),
        "secondaries_b": rng.choice(("fixed", "tactical")),
    }


class Command(BaseCommand):
    help = "Load the demo events (idempotent) and make sure the demo organiser can sign in."

    def handle(self, *args, **options):
        if settings.SERVED:
            # Its organiser's password is published: never in a database that is served.
            raise CommandError(
                "The demo is not loaded into a served database: `make run` loads it into "
                "a database of its own (config.settings.demo)."
            )
        user = self._organiser()
        loaders = (
            (DEMO_NAME, self._load, "24 players, round 3 paired"),
            (DEMO_11_NAME, self._load_eleventh, "11th edition, 16 players, round 2 paired"),
        )
        for name, load, what in loaders:
            if Event.objects.filter(name=name).exists():
                self.stdout.write(f"{name} already loaded.")
                continue
            with transaction.atomic():
                load(user)
            self.stdout.write(self.style.SUCCESS(f"{name} loaded: {what}."))

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

    def _load_eleventh(self, user) -> None:
        rng = random.Random(110_000)
        event = event_create(
            user=user,
            name=DEMO_11_NAME,
            rounds=3,
            seed=11,
            mission_pack="eleventh",
            venue="Strategium Games Hall",
            status="running",
            start_date=timezone.localdate(),
            end_date=timezone.localdate(),
        )
        for i in range(DEMO_11_PLAYERS):
            # Other names than the Leviathan event's: the two lists read apart.
            player_register(
                event=event,
                user=user,
                name=f"{FIRST[(i + 7) % len(FIRST)]} {LAST[(i + 3) % len(LAST)]}",
                faction=FACTIONS[(i * 5) % len(FACTIONS)],
                club=CLUBS[i % len(CLUBS)],
                disposition=DISPOSITION_IDS[i % len(DISPOSITION_IDS)],
                battle_ready=i % 3 != 0,
                checked_in=True,
            )
        round_ = round_create(event_id=event.pk, user=user, seed=1)
        games = round_.games.filter(player_b__isnull=False).select_related("player_a", "player_b")
        for game in games:
            result_enter(game_id=game.pk, data=_eleventh_score(rng, game), user=user)
        round_create(event_id=event.pk, user=user, seed=2)

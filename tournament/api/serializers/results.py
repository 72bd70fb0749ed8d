"""A game's result: as the API shows it, and the body that reports one."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import StrictIntegerField, StrictModelSerializer
from missions.scoring.eleventh import PER_ROUND, ROUNDS, SECONDARY_MODES, SIDES
from missions.scoring.rules import LEVIATHAN_CAPS, VP_CEILING
from tournament.models import Game, Result

# The pack's scores that have only two values (named in the schema).
GAMBIT_CHOICES = [(v, str(v)) for v in (0, LEVIATHAN_CAPS.gambit)]
BATTLE_READY_CHOICES = [(v, str(v)) for v in (0, LEVIATHAN_CAPS.battle_ready)]


class BattleRoundSerializer(StrictSerializer):
    """One battle round of an 11th-edition result's breakdown."""

    primary = StrictIntegerField(min_value=0, max_value=PER_ROUND)
    secondary = StrictIntegerField(min_value=0, max_value=PER_ROUND)


_ROUNDS_HELP = (
    "11th edition only (400 not_in_pack elsewhere): exactly five battle rounds, each "
    f"primary and secondary 0 to {PER_ROUND}; they must add up to primary and secondary when "
    "those are given, and supply them when not. Errors name the entry (`rounds_a[2].primary`)."
)
_SIDE_HELP = "11th edition only: `a` or `b` (player A's or player B's side)."
_MODE_HELP = "11th edition only: `fixed` or `tactical` secondaries."


def _rounds_field(**kwargs):
    return serializers.ListField(
        child=BattleRoundSerializer(),
        min_length=ROUNDS,
        max_length=ROUNDS,
        allow_null=True,
        help_text=_ROUNDS_HELP,
        **kwargs,
    )


class ResultSerializer(StrictModelSerializer):
    outcome = serializers.CharField(read_only=True)
    confirmed = serializers.SerializerMethodField()
    rounds_a = _rounds_field(read_only=True)
    rounds_b = _rounds_field(read_only=True)
    attacker = serializers.ChoiceField(choices=SIDES, allow_null=True, read_only=True)
    first_turn = serializers.ChoiceField(choices=SIDES, allow_null=True, read_only=True)
    secondaries_a = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, read_only=True
    )
    secondaries_b = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, read_only=True
    )
    time_used_a = serializers.IntegerField(
        allow_null=True,
        read_only=True,
        help_text=gettext_lazy("Seconds side a's game clock ran (null: the game had no clock)."),
    )
    time_used_b = serializers.IntegerField(
        allow_null=True,
        read_only=True,
        help_text=gettext_lazy("Seconds side b's game clock ran (null: the game had no clock)."),
    )
    timed_out = serializers.SerializerMethodField(
        help_text=gettext_lazy("The side that ran out of time on the game clock, or null.")
    )

    class Meta:
        model = Result
        fields = [
            "game",
            "version",
            "vp_a",
            "vp_b",
            "primary_a",
            "secondary_a",
            "gambit_a",
            "battle_ready_a",
            "tactical_a",
            "primary_b",
            "secondary_b",
            "gambit_b",
            "battle_ready_b",
            "tactical_b",
            *Result.RECORD,
            "outcome",
            "ended",
            "power_a",
            "power_b",
            "status",
            "confirmed",
            "is_current",
            "source",
            "entered_at",
            "confirmed_at",
            "time_used_a",
            "time_used_b",
            "timed_out",
        ]
        read_only_fields = fields

    def get_confirmed(self, result: Result) -> bool:
        return result.status == "confirmed"

    @extend_schema_field({"type": "string", "enum": ["a", "b"], "nullable": True})
    def get_timed_out(self, result: Result) -> str | None:
        return result.timed_out or None


_RESULT_NUMBERS = ("version", "vp_a", "vp_b", *(f"{p}_{s}" for s in "ab" for p in Result.BREAKDOWN))
_RESULT_VALUES = (*_RESULT_NUMBERS, *Result.RECORD)
_WHEN = serializers.DateTimeField()


def result_data(result: Result) -> dict:
    """What ResultSerializer(result).data gives, built directly: every result a phone sends is
    answered with it, and the serializer's machinery costs more than the rest of the answer
    (tests check that the two agree)."""
    data = {"game": result.game_id}
    for name in _RESULT_VALUES:
        data[name] = getattr(result, name)
    status = str(result.status)
    data.update(
        outcome=result.outcome,
        ended=result.ended,
        power_a=result.power_a,
        power_b=result.power_b,
        status=status,
        confirmed=status == "confirmed",
        is_current=result.is_current,
        source=str(result.source),
        entered_at=_WHEN.to_representation(result.entered_at),
        confirmed_at=_WHEN.to_representation(result.confirmed_at),
        time_used_a=result.time_used_a,
        time_used_b=result.time_used_b,
        timed_out=result.timed_out or None,
    )
    return {name: data[name] for name in ResultSerializer.Meta.fields}


# The schema's words for the body name the scoring rules by their path before the "one shape"
# step (now missions/scoring/rules.py): that step kept the schema byte-identical.
class ResultInputSerializer(StrictSerializer):
    """Documents the body: a bare total per side, or a breakdown per side (parts left out
    count as 0). The event's pack decides which parts exist and their caps, and
    `tournament.scoring.clean_result` enforces them: Leviathan has primary, secondary, gambit
    and battle_ready (primary plus gambit at most 50, total at most 100); 8th and 7th edition
    have primary, secondary (0 to 3) and tactical with no cap on the total; Only War has
    primary only; 11th edition has primary and secondary (each at most 45) and battle_ready
    (0 or 10), total at most 100, and the optional game record below. The limits below are
    Leviathan's; the other packs accept up to 999. A total must equal its breakdown."""

    vp_a = StrictIntegerField(required=False, min_value=0, max_value=LEVIATHAN_CAPS.total)
    vp_b = StrictIntegerField(required=False, min_value=0, max_value=LEVIATHAN_CAPS.total)
    primary_a = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.primary_and_gambit
    )
    secondary_a = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.secondary
    )
    gambit_a = serializers.ChoiceField(choices=GAMBIT_CHOICES, required=False)
    battle_ready_a = serializers.ChoiceField(choices=BATTLE_READY_CHOICES, required=False)
    tactical_a = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text=gettext_lazy("8th and 7th edition only (400 not_in_pack elsewhere)."),
    )
    primary_b = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.primary_and_gambit
    )
    secondary_b = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.secondary
    )
    gambit_b = serializers.ChoiceField(choices=GAMBIT_CHOICES, required=False)
    battle_ready_b = serializers.ChoiceField(choices=BATTLE_READY_CHOICES, required=False)
    tactical_b = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text=gettext_lazy("8th and 7th edition only (400 not_in_pack elsewhere)."),
    )
    outcome = serializers.ChoiceField(
        choices=["a_wins", "b_wins", "draw"],
        required=False,
        help_text=gettext_lazy(
            "Who won when the battle ended early (a concession or a tabled side); "
            "otherwise it must agree with the VP. The VP stay required."
        ),
    )
    ended = serializers.ChoiceField(
        choices=["time", "concession", "tabled"],
        required=False,
        help_text=gettext_lazy(
            "How the battle ended; concession and tabled need `outcome` (not a draw)."
        ),
    )
    power_a = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text=gettext_lazy("Only War: the army's Power Level (equal VP: the lower one wins)."),
    )
    power_b = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text=gettext_lazy("Only War: the army's Power Level (equal VP: the lower one wins)."),
    )
    rounds_a = _rounds_field(required=False)
    rounds_b = _rounds_field(required=False)
    attacker = serializers.ChoiceField(
        choices=SIDES, allow_null=True, required=False, help_text=_SIDE_HELP
    )
    first_turn = serializers.ChoiceField(
        choices=SIDES, allow_null=True, required=False, help_text=_SIDE_HELP
    )
    secondaries_a = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, required=False, help_text=_MODE_HELP
    )
    secondaries_b = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, required=False, help_text=_MODE_HELP
    )


def current_result(game: Game) -> Result | None:
    # Uses the prefetched list when there is one, so listing a round costs two queries.
    for result in game.results.all():
        if result.is_current:
            return result
    return None

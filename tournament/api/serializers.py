"""API shapes. Output follows ../shared/contract/API.md; input types are checked here and the
domain rules (caps, pairing, permissions) in the services."""

from __future__ import annotations

from rest_framework import serializers

from missions.services import mission_summary
from tournament.models import Event, Game, Player, Result, Round


class EventSerializer(serializers.ModelSerializer):
    rounds = serializers.IntegerField(source="planned_rounds", min_value=1, max_value=30)
    tiebreaks = serializers.ListField(child=serializers.CharField(), required=False)
    mission_order = serializers.ListField(child=serializers.CharField(), required=False)
    players_count = serializers.SerializerMethodField()
    rounds_paired = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "rounds",
            "tiebreaks",
            "start_date",
            "end_date",
            "venue",
            "battle_size",
            "points_limit",
            "status",
            "bye_vp",
            "hidden",
            "avoid_same_club",
            "paper_size",
            "mission_pack",
            "mission_order",
            "players_count",
            "rounds_paired",
            "created_at",
        ]
        read_only_fields = ["id", "created_at"]

    def get_players_count(self, event: Event) -> int:
        return event.players.count()

    def get_rounds_paired(self, event: Event) -> int:
        return event.rounds.count()


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = [
            "id",
            "event",
            "name",
            "faction",
            "club",
            "army_list",
            "battle_ready",
            "checked_in",
            "dropped",
            "dropped_after_round",
            "first_round",
            "fixed_table",
        ]
        read_only_fields = ["id", "event", "dropped_after_round"]


class PlayerPrivateSerializer(PlayerSerializer):
    """What an organiser sees: the private key to hand out as a link or QR code."""

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "private_key"]
        read_only_fields = [*PlayerSerializer.Meta.read_only_fields, "private_key"]


class ResultSerializer(serializers.ModelSerializer):
    outcome = serializers.CharField(read_only=True)
    confirmed = serializers.SerializerMethodField()

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
            "primary_b",
            "secondary_b",
            "gambit_b",
            "battle_ready_b",
            "outcome",
            "status",
            "confirmed",
            "source",
            "entered_at",
            "confirmed_at",
        ]
        read_only_fields = fields

    def get_confirmed(self, result: Result) -> bool:
        return result.status == "confirmed"


class ResultInputSerializer(serializers.Serializer):
    """Documents the body; `tournament.scoring.clean_result` enforces the rules."""

    vp_a = serializers.IntegerField(required=False, min_value=0, max_value=100)
    vp_b = serializers.IntegerField(required=False, min_value=0, max_value=100)
    primary_a = serializers.IntegerField(required=False)
    secondary_a = serializers.IntegerField(required=False)
    gambit_a = serializers.IntegerField(required=False)
    battle_ready_a = serializers.IntegerField(required=False)
    primary_b = serializers.IntegerField(required=False)
    secondary_b = serializers.IntegerField(required=False)
    gambit_b = serializers.IntegerField(required=False)
    battle_ready_b = serializers.IntegerField(required=False)


def current_result(game: Game) -> Result | None:
    # Uses the prefetched list when there is one, so listing a round costs two queries.
    for result in game.results.all():
        if result.is_current:
            return result
    return None


class GameSerializer(serializers.ModelSerializer):
    table = serializers.IntegerField(source="table_number", allow_null=True)
    round = serializers.IntegerField(source="round.number")
    result = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "round", "table", "player_a", "player_b", "attacker", "flags", "result"]
        read_only_fields = fields

    def get_result(self, game: Game) -> dict | None:
        result = current_result(game)
        return ResultSerializer(result).data if result else None


class RoundSerializer(serializers.ModelSerializer):
    games = serializers.SerializerMethodField()
    mission = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "status", "method", "seed", "pairing_cost", "mission", "games"]
        read_only_fields = fields

    def get_games(self, round_: Round) -> list[dict]:
        games = round_.games.select_related("round").prefetch_related("results")
        return GameSerializer(games, many=True).data

    def get_mission(self, round_: Round) -> dict | None:
        return mission_summary(round_.event.mission_pack, round_.mission_code)


class PairingInputSerializer(serializers.Serializer):
    player_a = serializers.IntegerField()
    player_b = serializers.IntegerField(allow_null=True, required=False)
    table = serializers.IntegerField(required=False, allow_null=True)


class RoundInputSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False)
    force = serializers.BooleanField(required=False, default=False)
    mission = serializers.CharField(required=False)
    pairings = PairingInputSerializer(many=True, required=False)

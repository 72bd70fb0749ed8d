"""The event's settings, each named once, in the order the API's event shape lists them.

Derived from this table: what an organiser may change (events.EDITABLE, and so what an undo
restores), the settings of the API's event shape (tournament/api/serializers/events.py) and
those the settings page fills from the event (SettingsForm.initial_for). How each is checked
stays in the services; how each is shown, in the serializer and the form."""

from __future__ import annotations

EVENT_SETTINGS = (
    "name",
    "planned_rounds",
    "tiebreaks",
    "owr_floor",
    "start_date",
    "end_date",
    "venue",
    "battle_size",
    "points_limit",
    "status",
    "status_auto",
    "bye_vp",
    "hidden",
    "avoid_same_club",
    "check_in_required",
    "review_pairings",
    "check_in_open",
    "check_in_opens_at",
    "check_in_closes_at",
    "check_in_networks",
    "paper_size",
    "mission_pack",
    "mission_order",
    "mission_seed",
    "round_minutes",
    "registration_open",
    "places",
    "registration_approval",
    "time_zone",
    "language",
    "archived",
    "painting_max",
    "weight_battle",
    "weight_painting",
    "weight_sports",
    "kind",
    "team_size",
    "layout_policy",
    "table_layouts",
    "public_names",
)
# Drawn at creation and shown, never changed: a pack without a pool generates from it.
FIXED = ("mission_seed",)
# The API calls the planned rounds `rounds` (and so do the services' errors).
API_NAMES = {"planned_rounds": "rounds"}

EDITABLE = tuple(name for name in EVENT_SETTINGS if name not in FIXED)
API_SETTINGS = tuple(API_NAMES.get(name, name) for name in EVENT_SETTINGS)

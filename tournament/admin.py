"""The organisers' back office: every model searchable and filterable, scoped to the events
the signed-in organiser staffs, list filters included (they offer no other event's name or
values).

Anything that moves the standings (drops, results, pairings, tie-breaks, bye VP) is read-only
here: it changes only through the organiser pages and the API, which log it for undo.
"""

from django.contrib import admin
from django.contrib.admin.utils import reverse_field_path

from tournament.models import AuditEntry, Event, EventStaff, Game, Player, Result, Round, Table


class ScopedEventFilter(admin.RelatedOnlyFieldListFilter):
    """Filter by event, offering only the events of the rows this admin shows.

    Django's plain related filter lists every event in the database (hidden ones and other
    organisers' included): it ignores the admin's scoped queryset. This one takes its choices
    from that queryset."""


class ScopedValuesFilter(admin.AllValuesFieldListFilter):
    """Filter by a value across a relation (a game's round number), offering only the values of
    the rows this admin shows: Django's own reads them from every row of the related table."""

    def __init__(self, field, request, params, model, model_admin, field_path):  # noqa: PLR0917 - Django's signature
        super().__init__(field, request, params, model, model_admin, field_path)
        parent_model, _ = reverse_field_path(model, field_path)
        if parent_model is not model:
            self.lookup_choices = (
                model_admin.get_queryset(request)
                .order_by(field_path)
                .values_list(field_path, flat=True)
                .distinct()
            )


class EventScopedAdmin(admin.ModelAdmin):
    """Superusers see everything; other staff only the events they organise (a judge's
    role gives nothing here: edits in the admin are an organiser's)."""

    event_path = "event"  # lookup from this model to its Event ("" for Event itself)
    read_only = False

    def _scope(self, user) -> dict:
        prefix = f"{self.event_path}__" if self.event_path else ""
        # One filter() call: the user and the role must match on the same staff row.
        return {f"{prefix}staff_roles__user": user, f"{prefix}staff_roles__role": "organiser"}

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**self._scope(request.user)).distinct()

    def _allowed(self, request, obj=None) -> bool:
        if not (request.user.is_active and request.user.is_staff):
            return False
        if obj is None or request.user.is_superuser:
            return True
        return self.get_queryset(request).filter(pk=obj.pk).exists()

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_change_permission(self, request, obj=None):
        return not self.read_only and self._allowed(request, obj)

    def has_add_permission(self, request):
        return not self.read_only and self._allowed(request)

    def has_delete_permission(self, request, obj=None):
        # Deleting domain rows would bypass the services' checks and the audit log.
        return request.user.is_superuser and not self.read_only

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "event" and not request.user.is_superuser:
            kwargs["queryset"] = Event.objects.filter(
                staff_roles__user=request.user, staff_roles__role="organiser"
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class StaffInline(admin.TabularInline):
    """Read-only here: staff change through the event's Staff page and API, which keep the
    last organiser and log each change."""

    model = EventStaff
    fk_name = "event"
    fields = ("user", "role", "added_at", "added_by")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_view_permission(self, request, obj=None):
        # Shown wherever the event itself is (EventAdmin already scopes who sees which).
        return request.user.is_active and request.user.is_staff

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class PlayerInline(admin.TabularInline):
    model = Player
    fields = ("name", "faction", "club", "battle_ready", "checked_in", "dropped")
    readonly_fields = ("battle_ready", "dropped")
    extra = 0
    show_change_link = True


@admin.register(Event)
class EventAdmin(EventScopedAdmin):
    event_path = ""
    list_display = (
        "name",
        "start_date",
        "venue",
        "planned_rounds",
        "battle_size",
        "status",
        "hidden",
    )
    list_filter = ("status", "battle_size", "hidden", "start_date")
    search_fields = ("name", "venue")
    # Places move the waiting list up when raised: the settings page changes them.
    readonly_fields = ("tiebreaks", "bye_vp", "mission_order", "places", "created_at")
    inlines = [StaffInline, PlayerInline]
    date_hierarchy = "start_date"


@admin.register(Player)
class PlayerAdmin(EventScopedAdmin):
    list_display = (
        "name",
        "event",
        "faction",
        "club",
        "status",
        "battle_ready",
        "checked_in",
        "dropped",
    )
    list_filter = (
        ("event", ScopedEventFilter),
        "status",
        "checked_in",
        "dropped",
        "battle_ready",
        "faction",
    )
    search_fields = ("name", "faction", "club")
    readonly_fields = (
        "private_key",
        "created_at",
        "battle_ready",
        "dropped",
        "dropped_after_round",
        "first_round",
        # Sign-up decisions move the waiting list and are logged: the Sign-ups page makes them.
        "status",
    )
    list_editable = ("checked_in",)


@admin.register(Round)
class RoundAdmin(EventScopedAdmin):
    read_only = True
    list_display = ("event", "number", "status", "method", "mission_code", "created_at")
    list_filter = ("status", "method", ("event", ScopedEventFilter))
    search_fields = ("event__name",)


class ResultInline(admin.TabularInline):
    model = Result
    fields = ("version", "is_current", "vp_a", "vp_b", "status", "source", "entered_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(EventScopedAdmin):
    event_path = "round__event"
    read_only = True
    list_display = ("round", "table_number", "player_a", "player_b", "attacker")
    list_filter = (("round__event", ScopedEventFilter), ("round__number", ScopedValuesFilter))
    search_fields = ("player_a__name", "player_b__name")
    list_select_related = ("round__event", "player_a", "player_b", "attacker")
    inlines = [ResultInline]


@admin.register(Result)
class ResultAdmin(EventScopedAdmin):
    event_path = "game__round__event"
    read_only = True
    list_display = (
        "game",
        "version",
        "is_current",
        "vp_a",
        "vp_b",
        "status",
        "source",
        "entered_at",
    )
    list_filter = ("status", "source", "is_current", ("game__round__event", ScopedEventFilter))
    search_fields = ("game__player_a__name", "game__player_b__name")
    list_select_related = ("game__round__event",)


@admin.register(Table)
class TableAdmin(EventScopedAdmin):
    list_display = ("event", "number", "label", "terrain_layout", "accessible")
    list_filter = (("event", ScopedEventFilter), "accessible", "terrain_layout")
    search_fields = ("label",)


@admin.register(AuditEntry)
class AuditEntryAdmin(EventScopedAdmin):
    read_only = True
    list_display = (
        "created_at",
        "event",
        "action",
        "target",
        "actor_user",
        "actor_player",
        "undone_at",
    )
    list_filter = ("action", ("event", ScopedEventFilter))
    search_fields = ("target",)

"""The organisers' back office: every model searchable and filterable."""

from django.contrib import admin

from tournament.models import AuditEntry, Event, Game, Player, Result, Round, Table


class PlayerInline(admin.TabularInline):
    model = Player
    fields = ("name", "faction", "club", "battle_ready", "checked_in", "dropped")
    extra = 0
    show_change_link = True


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
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
    filter_horizontal = ("staff",)
    inlines = [PlayerInline]
    date_hierarchy = "start_date"


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "event", "faction", "club", "battle_ready", "checked_in", "dropped")
    list_filter = ("event", "checked_in", "dropped", "battle_ready", "faction")
    search_fields = ("name", "faction", "club")
    readonly_fields = ("private_key", "created_at")
    list_editable = ("checked_in",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status", "method", "mission_code", "created_at")
    list_filter = ("status", "method", "event")
    search_fields = ("event__name",)


class ResultInline(admin.TabularInline):
    model = Result
    fields = ("version", "is_current", "vp_a", "vp_b", "status", "source", "entered_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("round", "table_number", "player_a", "player_b", "attacker")
    list_filter = ("round__event", "round__number")
    search_fields = ("player_a__name", "player_b__name")
    list_select_related = ("round__event", "player_a", "player_b", "attacker")
    inlines = [ResultInline]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    # Results change only through the services (versioned and logged), so read-only here.
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
    list_filter = ("status", "source", "is_current", "game__round__event")
    search_fields = ("game__player_a__name", "game__player_b__name")
    list_select_related = ("game__round__event",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "label", "terrain_layout", "accessible")
    list_filter = ("event", "accessible", "terrain_layout")
    search_fields = ("label",)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "event",
        "action",
        "target",
        "actor_user",
        "actor_player",
        "undone_at",
    )
    list_filter = ("action", "event")
    search_fields = ("target",)
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):
        return False

from django.contrib import admin

from tracker.models import TrackedAction, TrackedGame


class TrackedActionInline(admin.TabularInline):
    model = TrackedAction
    extra = 0
    fields = ("seq", "actor", "action", "created_at")
    readonly_fields = fields
    can_delete = False


@admin.register(TrackedGame)
class TrackedGameAdmin(admin.ModelAdmin):
    list_display = ("id", "mission_code", "game", "finished", "updated_at")
    list_filter = ("finished", "pack_key")
    search_fields = ("mission_code", "token")
    readonly_fields = ("token", "game", "initial_args", "state", "result", "created_at")
    inlines = [TrackedActionInline]

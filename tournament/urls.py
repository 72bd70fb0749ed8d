from django.urls import path

from tournament.views import (
    audit,
    awards,
    door,
    link_again,
    manage_day,
    manage_rounds,
    now,
    organiser,
    penalties,
    player,
    public,
    screen,
    signup,
    staff,
)

manage = "manage/events/<int:event_id>/"

urlpatterns = [
    # Public
    path("", public.home, name="home"),
    path("events/<int:event_id>/", public.event_detail, name="event"),
    path("events/<int:event_id>/pairings/", public.event_pairings, name="event-pairings"),
    path("events/<int:event_id>/standings/", public.event_standings, name="event-standings"),
    path("events/<int:event_id>/my-link/", link_again.link_again, name="player-link-again"),
    path("events/<int:event_id>/awards/", awards.event_awards, name="event-awards"),
    path("events/<int:event_id>/now/", now.event_now, name="event-now"),
    path("events/<int:event_id>/screen/", screen.screen, name="event-screen"),
    path("events/<int:event_id>/screen/live/", screen.screen_live, name="event-screen-live"),
    path("events/<int:event_id>/signup/", signup.event_signup, name="event-signup"),
    # Players, by private link
    path("p/<str:key>/", player.player_home, name="player-home"),
    path("p/<str:key>/check-in/", player.player_check_in, name="player-check-in"),
    path("p/<str:key>/games/<int:game_id>/result/", player.player_result, name="player-result"),
    path("p/<str:key>/games/<int:game_id>/confirm/", player.player_confirm, name="player-confirm"),
    path(
        "p/<str:key>/games/<int:game_id>/sportsmanship/",
        awards.player_sports_vote,
        name="player-sports-vote",
    ),
    path("p/<str:key>/withdraw/", signup.player_withdraw, name="player-withdraw"),
    path("p/<str:key>/disposition/", player.player_disposition, name="player-disposition"),
    path("p/<str:key>/nickname/", player.player_nickname, name="player-nickname"),
    # Organisers
    path("manage/events/new/", organiser.event_new, name="manage-event-new"),
    path(manage, organiser.dashboard, name="manage-event"),
    path(manage + "players/add/", organiser.player_add, name="manage-player-add"),
    path(manage + "players/counts/", organiser.player_counts, name="manage-player-counts"),
    path(manage + "players/import/", organiser.player_import, name="manage-import"),
    path(manage + "players/links.pdf", door.door_sheet, name="manage-door-sheet"),
    path(manage + "players/<int:player_id>/", organiser.player_detail, name="manage-player"),
    # Before the toggles: "delete" is not a field.
    path(
        manage + "players/<int:player_id>/delete/",
        organiser.player_delete_view,
        name="manage-player-delete",
    ),
    path(
        manage + "players/<int:player_id>/<str:field>/",
        organiser.player_toggle,
        name="manage-player-toggle",
    ),
    path(manage + "settings/", organiser.event_settings, name="manage-settings"),
    path(manage + "settings/staff/", staff.staff_page, name="manage-staff"),
    path(
        manage + "settings/staff/<int:user_id>/role/",
        staff.staff_role_view,
        name="manage-staff-role",
    ),
    path(
        manage + "settings/staff/<int:user_id>/remove/",
        staff.staff_remove_view,
        name="manage-staff-remove",
    ),
    path(manage + "signups/", signup.signups, name="manage-signups"),
    path(
        manage + "signups/<int:player_id>/approve/",
        signup.signup_approve,
        name="manage-signup-approve",
    ),
    path(
        manage + "signups/<int:player_id>/reject/",
        signup.signup_reject,
        name="manage-signup-reject",
    ),
    path(manage + "awards/", awards.manage_awards, name="manage-awards"),
    path(manage + "archive/", organiser.event_archive, name="manage-archive"),
    path(manage + "delete/", organiser.event_delete_view, name="manage-event-delete"),
    path(manage + "standings/", manage_day.manage_standings, name="manage-standings"),
    path(manage + "audit/", audit.audit_log, name="manage-audit"),
    path(manage + "audit/<int:entry_id>/undo/", audit.audit_undo_view, name="manage-undo"),
    path(manage + "rounds/", manage_rounds.rounds_page, name="manage-rounds"),
    path(manage + "rounds/pair/", manage_rounds.round_pair, name="manage-round-pair"),
    path(manage + "rounds/check-in-all/", manage_rounds.check_in_all, name="manage-check-in-all"),
    path(manage + "rounds/drop-absent/", manage_rounds.drop_absent, name="manage-drop-absent"),
    path(manage + "rounds/repair/", manage_rounds.round_repair_view, name="manage-round-repair"),
    path(manage + "rounds/undo/", manage_rounds.round_undo, name="manage-round-undo"),
    path(manage + "rounds/<int:number>/swap/", manage_rounds.round_swap, name="manage-swap"),
    path(
        manage + "rounds/<int:number>/mission/",
        manage_rounds.round_mission,
        name="manage-round-mission",
    ),
    path(
        manage + "rounds/<int:number>/release/",
        manage_rounds.round_release_view,
        name="manage-round-release",
    ),
    path(manage + "rounds/<int:number>/clock/", manage_day.round_clock, name="manage-clock"),
    path(
        manage + "games/<int:game_id>/layout/", manage_rounds.game_layout, name="manage-game-layout"
    ),
    path(manage + "penalties/", penalties.penalties_page, name="manage-penalties"),
    path(
        manage + "penalties/<int:penalty_id>/remove/",
        penalties.penalty_remove_view,
        name="manage-penalty-remove",
    ),
    path(
        manage + "games/<int:game_id>/extension/",
        manage_rounds.game_extension,
        name="manage-game-extension",
    ),
    path(manage + "announcements/", manage_day.announcement_add, name="manage-announce"),
    path(
        manage + "announcements/<int:announcement_id>/delete/",
        manage_day.announcement_remove,
        name="manage-announcement-delete",
    ),
    path(manage + "results/", manage_rounds.results_board, name="manage-results"),
    path(
        manage + "games/<int:game_id>/result/",
        manage_rounds.result_enter_view,
        name="manage-result",
    ),
    path(
        manage + "games/<int:game_id>/confirm/",
        manage_rounds.result_confirm_view,
        name="manage-confirm",
    ),
    path(
        manage + "games/<int:game_id>/settle/",
        manage_rounds.result_settle_view,
        name="manage-settle",
    ),
]

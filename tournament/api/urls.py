from django.urls import path

from tournament.api.views import (
    announcements,
    audit,
    awards,
    clock,
    events,
    exports,
    games,
    penalties,
    players,
    rounds,
    signup,
    staff,
    standings,
)

urlpatterns = [
    path("events/", events.EventListView.as_view(), name="api-events"),
    path("events/<int:event_id>/", events.EventDetailView.as_view(), name="api-event"),
    path("events/<int:event_id>/players/", players.PlayerListView.as_view(), name="api-players"),
    path(
        "events/<int:event_id>/players/<int:player_id>/",
        players.PlayerDetailView.as_view(),
        name="api-player",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/check-in/",
        players.PlayerCheckInView.as_view(),
        name="api-player-check-in",
    ),
    path("events/<int:event_id>/signup/", signup.SignupView.as_view(), name="api-signup"),
    path(
        "events/<int:event_id>/players/<int:player_id>/approve/",
        signup.PlayerApproveView.as_view(),
        name="api-player-approve",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/reject/",
        signup.PlayerRejectView.as_view(),
        name="api-player-reject",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/withdraw/",
        signup.PlayerWithdrawView.as_view(),
        name="api-player-withdraw",
    ),
    path("events/<int:event_id>/rounds/", rounds.RoundListView.as_view(), name="api-rounds"),
    path(
        "events/<int:event_id>/rounds/<int:number>/",
        rounds.RoundDetailView.as_view(),
        name="api-round",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/swap/",
        rounds.RoundSwapView.as_view(),
        name="api-round-swap",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/record/",
        rounds.RoundRecordView.as_view(),
        name="api-round-record",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/release/",
        rounds.RoundReleaseView.as_view(),
        name="api-round-release",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/repair/",
        rounds.RoundRepairView.as_view(),
        name="api-round-repair",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/clock/",
        clock.RoundClockView.as_view(),
        name="api-round-clock",
    ),
    path(
        "events/<int:event_id>/penalties/",
        penalties.PenaltyListView.as_view(),
        name="api-penalties",
    ),
    path(
        "events/<int:event_id>/penalties/<int:penalty_id>/",
        penalties.PenaltyDetailView.as_view(),
        name="api-penalty",
    ),
    path(
        "events/<int:event_id>/announcements/",
        announcements.AnnouncementListView.as_view(),
        name="api-announcements",
    ),
    path(
        "events/<int:event_id>/announcements/<int:announcement_id>/",
        announcements.AnnouncementDetailView.as_view(),
        name="api-announcement",
    ),
    path(
        "events/<int:event_id>/standings/",
        standings.StandingsView.as_view(),
        name="api-standings",
    ),
    path(
        "events/<int:event_id>/standings/status/",
        standings.StandingsStatusView.as_view(),
        name="api-standings-status",
    ),
    path(
        "events/<int:event_id>/standings.csv",
        exports.StandingsCsvView.as_view(),
        name="api-standings-csv",
    ),
    path("events/<int:event_id>/results/", exports.ResultsView.as_view(), name="api-results"),
    path(
        "events/<int:event_id>/results.csv",
        exports.ResultsCsvView.as_view(),
        name="api-results-csv",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/pairings.csv",
        exports.PairingsCsvView.as_view(),
        name="api-pairings-csv",
    ),
    path("events/<int:event_id>/staff/", staff.StaffListView.as_view(), name="api-staff"),
    path(
        "events/<int:event_id>/staff/<int:user_id>/",
        staff.StaffDetailView.as_view(),
        name="api-staff-member",
    ),
    path("events/<int:event_id>/audit/", audit.AuditListView.as_view(), name="api-audit"),
    path(
        "events/<int:event_id>/audit/<int:entry_id>/undo/",
        audit.AuditUndoView.as_view(),
        name="api-audit-undo",
    ),
    path(
        "events/<int:event_id>/players/<int:player_id>/painting/",
        awards.PaintingView.as_view(),
        name="api-painting",
    ),
    path("events/<int:event_id>/awards/", awards.AwardsView.as_view(), name="api-awards"),
    path(
        "games/<int:game_id>/sportsmanship/",
        awards.SportsVoteView.as_view(),
        name="api-sportsmanship",
    ),
    path("games/<int:game_id>/", games.GameDetailView.as_view(), name="api-game"),
    path(
        "games/<int:game_id>/extension/",
        games.GameExtensionView.as_view(),
        name="api-game-extension",
    ),
    path("games/<int:game_id>/result/", games.ResultView.as_view(), name="api-result"),
    path(
        "games/<int:game_id>/result/confirm/",
        games.ResultConfirmView.as_view(),
        name="api-result-confirm",
    ),
]

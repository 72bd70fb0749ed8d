from django.urls import path

from floor.api import views

urlpatterns = [
    path("games/<int:game_id>/judge-calls/", views.GameCallView.as_view(), name="api-judge-call"),
    path(
        "events/<int:event_id>/judge-calls/",
        views.EventCallsView.as_view(),
        name="api-judge-calls",
    ),
    path(
        "judge-calls/<int:call_id>/claim/",
        views.CallClaimView.as_view(),
        name="api-judge-call-claim",
    ),
    path(
        "judge-calls/<int:call_id>/resolve/",
        views.CallResolveView.as_view(),
        name="api-judge-call-resolve",
    ),
]

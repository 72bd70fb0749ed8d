from django.urls import path

from people.api import consent, views

urlpatterns = [
    path("people/<int:person_id>/", views.PersonView.as_view(), name="api-person"),
    path(
        "events/<int:event_id>/players/<int:player_id>/consent/",
        consent.ConsentView.as_view(),
        name="api-player-consent",
    ),
    path("people/<int:person_id>/erase/", views.PersonEraseView.as_view(), name="api-person-erase"),
]

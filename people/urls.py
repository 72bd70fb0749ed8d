from django.urls import path

from people.views import consent, pages

urlpatterns = [
    path("people/<int:person_id>/", pages.person_page, name="person"),
    path("manage/people/", pages.people_manage, name="manage-people"),
    path("manage/people/merge/", pages.people_merge, name="manage-people-merge"),
    path("manage/people/split/", pages.people_split, name="manage-people-split"),
    path("manage/people/undo/", pages.people_undo, name="manage-people-undo"),
    path("manage/people/<int:person_id>/", pages.person_manage, name="manage-person"),
    path(
        "manage/people/<int:person_id>/erase/", pages.person_erase_page, name="manage-person-erase"
    ),
    path("p/<str:key>/my-data.json", pages.my_data, name="my-data"),
    path("p/<str:key>/consent/", consent.my_consent, name="my-consent"),
    # Not under players/<id>/: the player toggles there take any word after the id.
    path(
        "manage/events/<int:event_id>/publication-consent/<int:player_id>/",
        consent.staff_consent,
        name="manage-player-consent",
    ),
]

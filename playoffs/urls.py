from django.urls import path

from playoffs.views import organiser, pods, public

manage = "manage/events/<int:event_id>/playoffs/"

urlpatterns = [
    path(manage, organiser.playoffs_page, name="manage-playoffs"),
    path(manage + "cut/", organiser.playoffs_cut, name="manage-playoffs-cut"),
    path(manage + "advance/", organiser.playoffs_advance, name="manage-playoffs-advance"),
    path(manage + "decide/", organiser.playoffs_decide, name="manage-playoffs-decide"),
    path(manage + "seeds/", organiser.playoffs_seeds, name="manage-playoffs-seeds"),
    path(manage + "delete/", organiser.playoffs_delete, name="manage-playoffs-delete"),
    path("events/<int:event_id>/playoffs/", public.event_playoffs, name="event-playoffs"),
    path(
        "events/<int:event_id>/playoffs/bracket.pdf",
        public.event_playoffs_pdf,
        name="event-playoffs-pdf",
    ),
]

# Pods: the organiser's page; the public side shows them on the standings and pairings.
pods_manage = "manage/events/<int:event_id>/pods/"
urlpatterns += [
    path(pods_manage, pods.pods_page, name="manage-pods"),
    path(pods_manage + "make/", pods.pods_make, name="manage-pods-make"),
    path(pods_manage + "save/", pods.pods_save, name="manage-pods-save"),
    path(pods_manage + "delete/", pods.pods_remove, name="manage-pods-delete"),
    path(pods_manage + "cut/", pods.pods_cut, name="manage-pods-cut"),
]

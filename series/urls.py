from django.urls import path

from series.views import organiser, public

one = "series/<int:series_id>/"
manage = "manage/series/<int:series_id>/"

urlpatterns = [
    path("series/", public.series_list, name="series-list"),
    path(one, public.series_page, name="series"),
    path(one + "table.csv", public.series_csv, name="series-csv"),
    path(one + "table.pdf", public.series_pdf, name="series-pdf"),
    path("manage/series/new/", organiser.series_new, name="manage-series-new"),
    path(manage, organiser.series_manage, name="manage-series"),
    path(manage + "events/", organiser.series_add_event, name="manage-series-add"),
    path(manage + "events/remove/", organiser.series_remove_event, name="manage-series-remove"),
]

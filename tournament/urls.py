from django.urls import path

from tournament.views import public

urlpatterns = [
    path("", public.home, name="home"),
    path("events/<int:event_id>/", public.event_detail, name="event"),
]

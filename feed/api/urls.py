from django.urls import path

from feed.api import views

urlpatterns = [
    path("feed/events/", views.FeedEventsView.as_view(), name="api-feed-events"),
    path("feed/events/<int:event_id>/", views.FeedEventView.as_view(), name="api-feed-event"),
    path(
        "events/<int:event_id>/feed/deliveries/",
        views.FeedDeliveriesView.as_view(),
        name="api-feed-deliveries",
    ),
]

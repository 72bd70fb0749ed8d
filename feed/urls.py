from django.urls import path

from feed.views import deliveries

manage = "manage/events/<int:event_id>/"

urlpatterns = [
    path(manage + "feed/deliveries/", deliveries.deliveries_page, name="manage-feed-deliveries"),
    path(
        manage + "feed/deliveries/<int:delivery_id>/send/",
        deliveries.delivery_send_again,
        name="manage-feed-delivery-send",
    ),
]

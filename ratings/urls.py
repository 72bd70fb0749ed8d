from django.urls import path

from ratings.views import pages

urlpatterns = [
    path("ratings/", pages.ratings_page, name="ratings"),
    path("p/<str:key>/ratings/", pages.player_ratings_choice, name="player-ratings"),
]

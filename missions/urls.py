from django.urls import path

from missions.api import views as api
from missions.views import eleventh as views_eleventh
from missions.views import missions as views

urlpatterns = [
    path("missions/", views.generator, name="missions"),
    path("missions/eleventh/", views_eleventh.generator, name="missions-eleventh"),
    path("missions/<str:code>/", views.mission_detail, name="mission"),
    path("api/missions/packs/", api.PacksView.as_view(), name="api-missions-packs"),
    path(
        "api/missions/only-war/underdog/", api.UnderdogView.as_view(), name="api-missions-underdog"
    ),
    path("api/missions/pool/", api.PoolView.as_view(), name="api-missions-pool"),
    path("api/missions/generate/", api.GenerateView.as_view(), name="api-missions-generate"),
    path(
        "api/missions/eleventh/matrix/",
        api.EleventhMatrixView.as_view(),
        name="api-missions-eleventh-matrix",
    ),
    path(
        "api/missions/eleventh/primaries/",
        api.EleventhPrimariesView.as_view(),
        name="api-missions-eleventh-primaries",
    ),
    path(
        "api/missions/eleventh/secondaries/",
        api.EleventhSecondariesView.as_view(),
        name="api-missions-eleventh-secondaries",
    ),
    path("api/missions/<str:code>/", api.MissionCodeView.as_view(), name="api-mission"),
]

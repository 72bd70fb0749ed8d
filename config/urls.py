from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog, set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from ops.service_worker import service_worker
from ops.views import health

urlpatterns = [
    path("", include("tournament.urls")),
    path("", include("tournament.printing_urls")),
    path("", include("stats.urls")),
    path("", include("missions.urls")),
    path("", include("tracker.urls")),
    path("", include("teams.urls")),
    path("", include("playoffs.urls")),
    path("", include("exchange.urls")),
    path("", include("rosters.urls")),
    path("", include("floor.urls")),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include("tournament.api.urls")),
    path("api/", include("stats.api.urls")),
    path("api/", include("teams.api.urls")),
    path("api/", include("playoffs.api.urls")),
    path("api/", include("exchange.api.urls")),
    path("api/", include("series.api.urls")),
    path("api/", include("people.api.urls")),
    path("", include("people.urls")),
    path("", include("series.urls")),
    path("api/", include("rosters.api.urls")),
    path("api/", include("clocks.api.urls")),
    path("", include("clocks.urls")),
    path("api/", include("floor.api.urls")),
    path("api/", include("ratings.api.urls")),
    path("api/", include("feed.api.urls")),
    path("", include("ratings.urls")),
    path("", include("feed.urls")),
    path("health/", health, name="health"),
    # At the root, so the offline worker's scope covers every page (ops/service_worker.py).
    path("sw.js", service_worker, name="service-worker"),
    # The pages' scripts' words in the reader's language (gettext and ngettext in JavaScript).
    path(
        "jsi18n/",
        cache_control(max_age=3600)(JavaScriptCatalog.as_view()),
        name="javascript-catalog",
    ),
    # The footer's language switcher posts here (Django's view: it keeps the choice in a cookie
    # and goes back to the page it came from).
    path("i18n/setlang/", set_language, name="set_language"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file (`?script`): no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

handler404 = "ops.views.not_found"
handler500 = "ops.views.server_error"

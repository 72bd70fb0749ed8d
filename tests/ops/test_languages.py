"""The reader's language: Django's i18n, offered only for complete catalogues.

LocaleMiddleware picks the footer's choice (a cookie set by Django's set_language view), else
the browser's Accept-Language, else English, among settings.LANGUAGES only; the page's
<html lang> follows it; the footer's switcher appears only when two languages are complete;
the API's error messages follow the asker's language while codes and field names do not.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from common.i18n import request_language
from tournament.caching.cached import event_etag
from tournament.models import Player

pytestmark = pytest.mark.django_db

ONE = [("en-gb", "English")]
TWO = [("en-gb", "English"), ("de", "Deutsch")]


@pytest.fixture
def two_languages(settings):
    # As when a German catalogue is complete: German joins LANGUAGES.
    settings.LANGUAGES = TWO


def test_one_language_gives_english_whatever_the_browser_asks(client, settings):
    settings.LANGUAGES = TWO[:1]  # as before any other catalogue was complete
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    assert '<html lang="en-gb">' in page
    assert 'name="language"' not in page  # no switcher with nothing to switch to


def test_a_language_not_complete_is_never_chosen_even_by_cookie(client, two_languages):
    client.cookies["django_language"] = "fr"  # Django has French; it is not among these two
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="en-gb">' in page


def test_the_browser_language_is_used_when_complete(client, two_languages):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="de">' in page


def test_the_footer_switcher_sets_the_language_and_goes_back(client, two_languages):
    page = client.get("/factions/").content.decode()
    assert 'name="language"' in page
    assert '<option value="de" lang="de">Deutsch</option>' in page
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/factions/"})
    assert response.status_code == 302
    assert response["Location"] == "/factions/"
    assert response.cookies["django_language"].value == "de"
    # The choice wins over the browser's own.
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de">' in page
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page


def test_api_messages_follow_the_asker_language_codes_and_fields_do_not(api, event, two_languages):
    url = f"/api/events/{event.pk}/players/"
    english = api.post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    german = api.post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert english["name"] == ["This field is required."]
    assert german["name"] != english["name"]  # Django REST framework's own German
    assert german["error_codes"] == english["error_codes"] == {"name": ["required"]}
    response = api.post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response["Content-Language"] == "de"
    assert not Player.objects.filter(event=event).exists()


def test_the_language_of_a_replayed_answer_is_the_one_chosen(settings):
    settings.LANGUAGES = ONE
    assert request_language({"HTTP_ACCEPT_LANGUAGE": "de"}, {}) == "en-gb"
    settings.LANGUAGES = TWO
    assert request_language({"HTTP_ACCEPT_LANGUAGE": "de-CH,de;q=0.8"}, {}) == "de"
    assert request_language({"HTTP_ACCEPT_LANGUAGE": "de"}, {"django_language": "en-gb"}) == (
        "en-gb"
    )
    assert request_language({"HTTP_ACCEPT_LANGUAGE": "pl"}, {}) == "en-gb"


def test_an_etag_names_the_language(event):
    english = event_etag(event=event, revision=3, name="standings", variant="")
    with translation.override("de"):
        german = event_etag(event=event, revision=3, name="standings", variant="")
    assert english != german


def test_the_scripts_catalogue_is_served(client):
    response = client.get("/jsi18n/")
    assert response.status_code == 200
    assert b"gettext" in response.content

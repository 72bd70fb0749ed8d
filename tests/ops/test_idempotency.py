"""`Idempotency-Key` on every write (ops/idempotency.py): the same asker sending the same key
again within a day gets the first answer back and changes nothing more."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from ops.models import IdempotentAnswer
from tests.threads import run_at_once
from tournament.models import AuditEntry, Player, Result

pytestmark = pytest.mark.django_db

HEADER = "Idempotency-Key"


@pytest.fixture
def paired(event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    return round_create(event_id=event.pk, user=organiser, seed=7)


@pytest.fixture
def game(paired):
    return paired.games.filter(player_b__isnull=False).order_by("table_number").first()


def key_client(player) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def post_result(client, game, vp_a, vp_b, key=None):
    headers = {HEADER: key} if key is not None else {}
    return client.post(
        f"/api/games/{game.pk}/result/",
        {"vp_a": vp_a, "vp_b": vp_b},
        format="json",
        headers=headers,
    )


def current(game) -> tuple[int, int, int]:
    result = Result.objects.get(game=game, is_current=True)
    return result.vp_a, result.vp_b, result.version


def game_audit(game) -> int:
    return AuditEntry.objects.filter(target=f"game:{game.pk}").count()


def test_a_result_sent_twice_with_one_key_counts_once_and_answers_the_same(api, game):
    first = post_result(api, game, 70, 40, key="phone-1-write-7")
    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first
    # The organiser corrects the score meanwhile; the phone's retry must not undo that.
    assert post_result(api, game, 40, 70).status_code == 201
    audit = game_audit(game)
    again = post_result(api, game, 70, 40, key="phone-1-write-7")
    assert again.status_code == 201
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    assert again["Idempotent-Replayed"] == "true"
    assert current(game) == (40, 70, 2)
    assert game_audit(game) == audit


def test_a_players_entry_repeated_with_its_key_is_one_entry_with_one_audit_line(game):
    phone = key_client(game.player_a)
    first = post_result(phone, game, 70, 30, key="k-1")
    again = post_result(phone, game, 70, 30, key="k-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.filter(game=game).count() == 1
    assert game_audit(game) == 1


def test_another_asker_with_the_same_key_is_not_given_the_first_answer(game):
    a, b = key_client(game.player_a), key_client(game.player_b)
    post_result(a, game, 70, 30, key="shared-key")
    # B sends the same key: B's own write runs (a dispute: B says otherwise).
    answer = post_result(b, game, 30, 70, key="shared-key")
    assert "Idempotent-Replayed" not in answer
    assert Result.objects.get(game=game, is_current=True).status == "disputed"
    assert IdempotentAnswer.objects.filter(key="shared-key").count() == 2
    # Only a hash of who asked is kept, never the key itself.
    kept = {row.asker for row in IdempotentAnswer.objects.all()}
    assert game.player_a.private_key not in kept
    assert all(len(asker) == 64 for asker in kept)


def test_the_key_reused_for_another_write_is_refused_and_changes_nothing(api, game):
    post_result(api, game, 70, 40, key="k-2")
    audit = game_audit(game)
    reused = post_result(api, game, 40, 70, key="k-2")
    assert reused.status_code == 422
    body = reused.json()
    assert body["error_codes"] == {HEADER: ["idempotency_key_reused"]}
    assert HEADER in body[HEADER][0]
    assert current(game) == (70, 40, 1)
    assert game_audit(game) == audit


@pytest.mark.parametrize("key", ["x" * 65, "clé", "tab\there", ""])
def test_a_key_too_long_or_outside_printable_ascii_is_refused(api, game, key):
    answer = post_result(api, game, 70, 40, key=key)
    assert answer.status_code == 400
    body = answer.json()
    assert body["error_codes"] == {HEADER: ["invalid_idempotency_key"]}
    assert "64" in body[HEADER][0]
    assert not Result.objects.filter(game=game).exists()


def test_a_key_of_64_printable_characters_is_taken(api, game):
    key = "A-z 0~!" * 9 + "x"
    assert len(key) == 64
    assert post_result(api, game, 70, 40, key=key).status_code == 201
    assert post_result(api, game, 70, 40, key=key)["Idempotent-Replayed"] == "true"


def test_after_a_day_the_key_runs_again(api, game):
    post_result(api, game, 70, 40, key="k-3")
    post_result(api, game, 40, 70)
    IdempotentAnswer.objects.filter(key="k-3").update(
        created_at=timezone.now() - timedelta(hours=24, seconds=1)
    )
    again = post_result(api, game, 70, 40, key="k-3")
    assert "Idempotent-Replayed" not in again
    assert current(game) == (70, 40, 3)
    assert IdempotentAnswer.objects.filter(key="k-3").count() == 1


def test_answers_older_than_a_day_are_pruned(
    api, game, monkeypatch, django_capture_on_commit_callbacks
):
    from ops import idempotency

    post_result(api, game, 70, 40, key="old")
    IdempotentAnswer.objects.update(created_at=timezone.now() - timedelta(hours=25))
    monkeypatch.setattr(idempotency, "PRUNE_EVERY", 1)
    with django_capture_on_commit_callbacks(execute=True):
        post_result(api, game, 40, 70, key="new")
    assert list(IdempotentAnswer.objects.values_list("key", flat=True)) == ["new"]


def test_reads_ignore_the_key(api, game):
    assert api.get(f"/api/games/{game.pk}/", headers={HEADER: "r-1"}).status_code == 200
    assert api.get(f"/api/games/{game.pk}/", headers={HEADER: "x" * 99}).status_code == 200
    assert not IdempotentAnswer.objects.exists()


def test_unkeyed_writes_keep_nothing(api, game):
    post_result(api, game, 70, 40)
    assert not IdempotentAnswer.objects.exists()


def test_a_server_fault_is_not_kept_so_the_retry_runs(api, game, monkeypatch):
    from tournament.api.views import games as views

    real = views.result_enter
    calls = []

    def failing_once(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the disk hiccuped")
        return real(**kwargs)

    monkeypatch.setattr(views, "result_enter", failing_once)
    api.raise_request_exception = False
    assert post_result(api, game, 70, 40, key="k-5").status_code == 500
    assert not IdempotentAnswer.objects.exists()
    retry = post_result(api, game, 70, 40, key="k-5")
    assert retry.status_code == 201
    assert "Idempotent-Replayed" not in retry
    assert current(game) == (70, 40, 1)


def test_a_validation_error_is_kept(api, game):
    refused = post_result(api, game, 101, 40, key="k-6")
    assert refused.status_code == 400
    again = post_result(api, game, 101, 40, key="k-6")
    assert (again.status_code, again.content) == (400, refused.content)
    assert again["Idempotent-Replayed"] == "true"


# The plain server pages: forms posted by a phone's script (fetch) with the key and the
# form's own CSRF token, exactly as a browser would send the form.


def csrf_client_for(url: str, client: Client | None = None) -> tuple[Client, str]:
    client = client or Client(enforce_csrf_checks=True)
    page = client.get(url)
    assert page.status_code == 200
    return client, str(page.context["csrf_token"])


def test_the_players_page_form_sent_twice_with_its_key_enters_once(game):
    a = game.player_a
    home = reverse("player-home", args=[a.private_key])
    client, token = csrf_client_for(home)
    url = reverse("player-result", args=[a.private_key, game.pk])
    form = {"vp_a": 70, "vp_b": 30, "csrfmiddlewaretoken": token}
    first = client.post(url, form, headers={HEADER: "form-1"})
    assert first.status_code == 302
    # The player changes their mind before the opponent confirms (no key): 60-40.
    client.post(url, {**form, "vp_a": 60, "vp_b": 40})
    audit = game_audit(game)
    again = client.post(url, form, headers={HEADER: "form-1"})
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    assert again["Idempotent-Replayed"] == "true"
    assert current(game)[:2] == (60, 40)
    assert game_audit(game) == audit


def test_the_confirm_and_check_in_forms_honour_the_key(game, event):
    a, b = game.player_a, game.player_b
    post_result(key_client(a), game, 70, 30)
    client, token = csrf_client_for(reverse("player-home", args=[b.private_key]))
    confirm = reverse("player-confirm", args=[b.private_key, game.pk])
    first = client.post(confirm, {"csrfmiddlewaretoken": token}, headers={HEADER: "c-1"})
    again = client.post(confirm, {"csrfmiddlewaretoken": token}, headers={HEADER: "c-1"})
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.get(game=game, is_current=True).status == "confirmed"
    assert Result.objects.filter(game=game).count() == 1


def test_a_session_form_replay_still_needs_its_csrf_token(organiser, event, players):
    player = players[0]
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    client, token = csrf_client_for(reverse("manage-event", args=[event.pk]), client)
    url = reverse("manage-player-toggle", args=[event.pk, player.pk, "checked_in"])
    was = player.checked_in
    # No value: the toggle flips. Sent twice with its key, it flips once.
    first = client.post(url, {"csrfmiddlewaretoken": token}, headers={HEADER: "t-1"})
    again = client.post(url, {"csrfmiddlewaretoken": token}, headers={HEADER: "t-1"})
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Idempotent-Replayed"] == "true"
    assert Player.objects.get(pk=player.pk).checked_in is (not was)
    # Without the token the replay is refused as the write itself would be.
    refused = client.post(url, {}, headers={HEADER: "t-1"})
    assert refused.status_code == 403
    assert "Idempotent-Replayed" not in refused


def test_an_api_replay_to_a_signed_in_browser_needs_its_csrf_token(organiser, game):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(organiser)
    client, token = csrf_client_for(reverse("home"), client)
    url = f"/api/games/{game.pk}/result/"
    body = {"vp_a": 70, "vp_b": 40}
    sent = {HEADER: "s-1", "X-CSRFToken": token}
    assert client.post(url, body, format="json", headers=sent).status_code == 201
    refused = client.post(url, body, format="json", headers={HEADER: "s-1"})
    assert refused.status_code == 403
    replayed = client.post(url, body, format="json", headers=sent)
    assert replayed["Idempotent-Replayed"] == "true"


def test_the_same_key_from_two_browsers_of_one_player_page_differs_by_session(game):
    """The player page is asked for by its key in the path: whoever holds the link is the
    asker, so the key-in-path is what is hashed, whichever browser sends it."""
    a = game.player_a
    url = reverse("player-result", args=[a.private_key, game.pk])
    first = Client().post(url, {"vp_a": 70, "vp_b": 30}, headers={HEADER: "p-1"})
    again = Client().post(url, {"vp_a": 70, "vp_b": 30}, headers={HEADER: "p-1"})
    assert first.status_code == again.status_code == 302
    assert again["Idempotent-Replayed"] == "true"


@pytest.mark.django_db(transaction=True)
def test_the_same_key_sent_twice_at_once_writes_once(event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(event_id=event.pk, user=organiser, seed=7)
    game = round_.games.filter(player_b__isnull=False).order_by("table_number").first()

    def send():
        answer = post_result(key_client(game.player_a), game, 70, 30, key="race-1")
        return answer.status_code, answer.content, answer.get("Idempotent-Replayed")

    outcomes = [value for _, value in run_at_once([send, send, send])]
    assert {(status, content) for status, content, _ in outcomes} == {outcomes[0][:2]}
    assert outcomes[0][0] == 201
    assert sorted(str(replayed) for *_, replayed in outcomes) == ["None", "true", "true"]
    assert Result.objects.filter(game=game).count() == 1
    assert game_audit(game) == 1


def test_a_keyed_write_costs_one_insert_and_one_update_more(api, paired):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first, second = paired.games.filter(player_b__isnull=False).order_by("table_number")[:2]
    post_result(api, first, 70, 40)  # the round's first result moves the round: not counted
    with CaptureQueriesContext(connection) as keyed:
        post_result(api, second, 70, 40, key="cost-1")
    table = IdempotentAnswer._meta.db_table
    ours = [q["sql"].split()[0] for q in keyed.captured_queries if table in q["sql"]]
    assert ours == ["INSERT", "UPDATE"]
    third = paired.games.filter(player_b__isnull=False).order_by("table_number")[2]
    with CaptureQueriesContext(connection) as plain:
        post_result(api, third, 70, 40)
    # Beside those two, only the view's own transaction, now nested in the keyed write's.
    assert len(keyed.captured_queries) - len(plain.captured_queries) == 4


def test_an_anonymous_browser_is_known_by_its_cookie(event, organiser):
    """The public sign-up form: the browser's CSRF cookie tells it from the others, so its
    retry lands on the same private page and signs nobody up twice."""
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = reverse("event-signup", args=[event.pk])
    client, token = csrf_client_for(url)
    form = {"name": "Ann Bell", "faction": "Necrons", "csrfmiddlewaretoken": token}
    first = client.post(url, form, headers={HEADER: "signup-1"})
    again = client.post(url, form, headers={HEADER: "signup-1"})
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert again["Idempotent-Replayed"] == "true"
    assert Player.objects.filter(event=event, name="Ann Bell").count() == 1
    # Another browser with the same key is another asker: its own write runs (a duplicate).
    other, other_token = csrf_client_for(url)
    answer = other.post(
        url, {**form, "csrfmiddlewaretoken": other_token}, headers={HEADER: "signup-1"}
    )
    assert "Idempotent-Replayed" not in answer
    assert Player.objects.filter(event=event, name="Ann Bell").count() == 1


def test_a_caller_with_no_credentials_and_no_cookies_is_not_kept(anon, event, organiser):
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = f"/api/events/{event.pk}/signup/"
    body = {"name": "Ann Bell", "faction": "Necrons"}
    first = anon.post(url, body, format="json", headers={HEADER: "anon-1"})
    again = anon.post(url, body, format="json", headers={HEADER: "anon-1"})
    assert first.status_code == 201
    assert again.status_code == 409  # the name is taken: nobody's answer was given again
    assert not IdempotentAnswer.objects.exists()


def test_a_tracker_move_sent_again_with_its_key_is_applied_once(client):
    from tests.tracker.eleventh.player import next_action
    from tracker.models import TrackedAction

    created = client.post(
        "/api/tracker/",
        {"pack": "eleventh", "a": "take-and-hold", "b": "purge-the-foe"},
        content_type="application/json",
    )
    token = created.json()["token"]
    views = {s: client.get(f"/api/tracker/{token}/", {"side": s}).json() for s in ("a", "b")}
    move = next_action(views)
    url = f"/api/tracker/{token}/actions/"

    def send():
        return client.post(url, move, content_type="application/json", headers={HEADER: "m-1"})

    first, again = send(), send()
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert again["Idempotent-Replayed"] == "true"
    assert TrackedAction.objects.filter(tracked__token=token).count() == 1


def test_a_database_fault_while_taking_the_key_is_a_503_and_leaves_nothing_open(
    api, game, monkeypatch
):
    from django.db import OperationalError

    from ops import idempotency

    def down(*args):
        raise OperationalError("connection refused")

    monkeypatch.setattr(idempotency, "_insert", down)
    answer = post_result(api, game, 70, 40, key="k-7")
    assert answer.status_code == 503
    assert answer.json()["error_codes"] == {"detail": ["unavailable"]}
    assert "Retry-After" in answer
    monkeypatch.undo()
    # The transaction opened for the key was closed: the retry runs and is kept.
    assert post_result(api, game, 70, 40, key="k-7").status_code == 201
    assert post_result(api, game, 70, 40, key="k-7")["Idempotent-Replayed"] == "true"
    assert current(game) == (70, 40, 1)


def test_a_method_the_view_does_not_take_is_405_whatever_the_key(api, game):
    """Found by schemathesis: a keyed POST to an address that takes no POST kept its 405, and
    the next method sent with that key was refused as a reused key instead of answered."""
    wrong = api.post(f"/api/games/{game.pk}/", {}, format="json", headers={HEADER: "k-405"})
    assert wrong.status_code == 405
    assert not IdempotentAnswer.objects.exists()
    again = api.put(f"/api/games/{game.pk}/", {}, format="json", headers={HEADER: "k-405"})
    assert again.status_code == 405
    assert post_result(api, game, 70, 40, key="k-405").status_code == 201


def test_a_form_body_that_does_not_parse_is_refused_as_without_a_key(api, game):
    """A multipart body without its boundary: the view's own 400 (JSON), not a bare page."""
    response = api.generic(
        "POST",
        f"/api/games/{game.pk}/result/",
        b"vp_a=1",
        content_type="multipart/form-data",
        headers={HEADER: "k-multipart"},
    )
    assert response.status_code in (400, 415)
    assert response["Content-Type"].startswith("application/json")
    assert not Result.objects.filter(game=game).exists()

"""The organiser's webhook, against a real receiver on 127.0.0.1: signed, sent when a round
completes and when the event ends, retried with back-off (the retry path called with a later
clock: no sleeping), each attempt kept; never sent for an event without a licence."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from common.errors import Invalid
from feed.engine.signing import MAX_ATTEMPTS, RETRY_DELAYS, signature_valid
from feed.models import WebhookDelivery
from feed.services.webhook import webhook_attempt, webhook_post
from tournament.models import Event, Game, Round
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

SECRET = "a-long-enough-webhook-secret"


class Receiver:
    """An HTTP server on 127.0.0.1 answering each POST with the next scripted status."""

    def __init__(self, statuses):
        self.statuses = list(statuses)
        self.received: list[tuple[dict, bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                self.send_response(receiver.statuses.pop(0) if receiver.statuses else 200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.timeout = 5
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def receiver(request, settings):
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = True
    made = []

    def make(*statuses):
        r = Receiver(statuses)
        made.append(r)
        return r

    yield make
    for r in made:
        r.stop()


def _hook(event, organiser, url):
    event_update(
        event=event,
        user=organiser,
        changes={"feed_webhook_url": url, "feed_webhook_secret": SECRET},
    )


def _complete_a_round(event, capture):
    """A round beyond the planned ones' count: the event is not finished by it."""
    Event.objects.filter(pk=event.pk).update(planned_rounds=10)
    ann, dee = event.by_name["Ann"], event.by_name["Dee"]
    number = event.rounds.count() + 1
    round_ = Round.objects.create(event=event, number=number, status="in_progress")
    Game.objects.create(round=round_, table_number=1, player_a=ann, player_b=dee)
    with capture(execute=True):
        round_.status = "complete"
        round_.save(update_fields=["status"])
    return number


def test_a_completed_round_is_signed_sent_and_retried_with_back_off(
    spring, organiser, receiver, anon, django_capture_on_commit_callbacks
):
    hook = receiver(500, 503, 200)
    _hook(spring, organiser, hook.url)
    number = _complete_a_round(spring, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.reason, delivery.round_number, delivery.status) == (
        "round_complete",
        number,
        "pending",
    )
    # The first attempt went at once (well within 60 s of the completion) and failed.
    first = delivery.tries.get()
    assert first.status_code == 500
    assert (first.at - delivery.created_at) < timedelta(seconds=60)
    assert delivery.next_attempt_at == first.at + timedelta(seconds=RETRY_DELAYS[0])
    # The retry path, called with the clock at each due time.
    later = delivery.next_attempt_at
    assert webhook_attempt(delivery_id=delivery.pk, now=later) == RETRY_DELAYS[1]
    later += timedelta(seconds=RETRY_DELAYS[1])
    assert webhook_attempt(delivery_id=delivery.pk, now=later) is None
    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    assert [(a.number, a.status_code, a.ok) for a in delivery.tries.all()] == [
        (1, 500, False),
        (2, 503, False),
        (3, 200, True),
    ]
    # Every body is signed with the secret and is the event's feed document.
    assert len(hook.received) == 3
    document = anon.get(f"/api/feed/events/{spring.pk}/").json()
    for headers, body in hook.received:
        header = headers["X-Strategium-Signature"]
        stamp = int(header.split(",")[0][2:])
        assert signature_valid(SECRET, header, body, now=stamp)
        assert not signature_valid("another-secret-of-length", header, body, now=stamp)
        assert not signature_valid(SECRET, header, body + b" ", now=stamp)
        assert headers["X-Strategium-Event"] == "round_complete"
        sent = json.loads(body)
        assert {**sent, "as_of": None} == {**document, "as_of": None}
    # Nothing more is sent for a delivered notice.
    assert webhook_attempt(delivery_id=delivery.pk, now=later) is None
    assert len(hook.received) == 3
    # The organiser sees the attempts; others do not.
    api_rows = anon.get(f"/api/events/{spring.pk}/feed/deliveries/")
    assert api_rows.status_code in (401, 403)


def test_the_last_planned_round_sends_its_notice_and_the_events_end(
    spring, organiser, receiver, django_capture_on_commit_callbacks
):
    hook = receiver()
    _hook(spring, organiser, hook.url)
    last = Round.objects.get(event=spring, number=3)
    with django_capture_on_commit_callbacks(execute=True):
        last.save(update_fields=["status"])  # saved complete again: the event is finished
    assert [h["X-Strategium-Event"] for h, _ in hook.received] == ["round_complete", "event_end"]
    assert json.loads(hook.received[1][1])["event"]["status"] == "finished"


def test_the_organiser_reads_the_deliveries(spring, organiser, receiver, api):
    hook = receiver(200)
    _hook(spring, organiser, hook.url)
    delivery = WebhookDelivery.objects.create(event=spring, reason="event_end")
    webhook_attempt(delivery_id=delivery.pk)
    rows = api.get(f"/api/events/{spring.pk}/feed/deliveries/").json()
    assert [(r["reason"], r["status"]) for r in rows] == [("event_end", "delivered")]
    assert [(a["number"], a["status_code"], a["ok"]) for a in rows[0]["attempts"]] == [
        (1, 200, True)
    ]


def test_the_events_end_fires_its_own_notice(
    spring, organiser, receiver, django_capture_on_commit_callbacks
):
    hook = receiver(200)
    _hook(spring, organiser, hook.url)
    Event.objects.filter(pk=spring.pk).update(status="running", status_auto=False)
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=spring, user=organiser, changes={"status": "finished"})
    assert [h["X-Strategium-Event"] for h, _ in hook.received] == ["event_end"]
    assert WebhookDelivery.objects.get().status == "delivered"


def test_nothing_is_sent_for_an_event_without_a_licence(
    spring, organiser, receiver, django_capture_on_commit_callbacks
):
    hook = receiver()
    _hook(spring, organiser, hook.url)
    event_update(event=spring, user=organiser, changes={"feed_licence": ""})
    _complete_a_round(spring, django_capture_on_commit_callbacks)
    Event.objects.filter(pk=spring.pk).update(status="running", status_auto=False)
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=spring, user=organiser, changes={"status": "finished"})
    assert hook.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_licence_withdrawn_before_a_retry_cancels_it(spring, organiser, receiver):
    hook = receiver()
    _hook(spring, organiser, hook.url)
    delivery = WebhookDelivery.objects.create(event=spring, reason="round_complete")
    event_update(event=spring, user=organiser, changes={"feed_licence": ""})
    assert webhook_attempt(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert delivery.status == "cancelled"
    assert hook.received == []


def test_the_retries_are_bounded_and_each_is_kept(spring, organiser, receiver):
    hook = receiver()
    _hook(spring, organiser, hook.url)
    delivery = WebhookDelivery.objects.create(event=spring, reason="round_complete")
    sent = []

    def failing(url, body, headers):
        sent.append(url)
        return False, None, "connection refused"

    delays = [webhook_attempt(delivery_id=delivery.pk, send=failing) for _ in range(MAX_ATTEMPTS)]
    assert delays == [*RETRY_DELAYS, None]
    assert delays[:-1] == sorted(delays[:-1])  # backing off
    assert webhook_attempt(delivery_id=delivery.pk, send=failing) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, len(sent)) == ("failed", MAX_ATTEMPTS, MAX_ATTEMPTS)
    assert delivery.tries.filter(error="connection refused").count() == MAX_ATTEMPTS


def test_loopback_and_private_addresses_are_refused_unless_allowed(
    spring, organiser, api, receiver, settings
):
    hook = receiver()
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = False
    for url in ("http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://localhost/x", "http://[::1]/"):
        with pytest.raises(Invalid) as refused:
            event_update(event=spring, user=organiser, changes={"feed_webhook_url": url})
        assert "feed_webhook_url" in refused.value.messages
    answer = api.patch(
        f"/api/events/{spring.pk}/", {"feed_webhook_url": "ftp://example.org/"}, format="json"
    )
    assert answer.status_code == 400
    assert "feed_webhook_url" in answer.json()
    # A name that resolves to a loopback address is refused when sending, before connecting.
    local = hook.url.replace("127.0.0.1", "localhost")
    ok, status, error = webhook_post(local, b"{}", {})
    assert (ok, status) == (False, None)
    assert "refused" in error
    assert hook.received == []

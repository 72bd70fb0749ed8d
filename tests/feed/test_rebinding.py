"""DNS rebinding: the webhook's host name is resolved once when sending, every answer is judged,
and the connection goes to that same address (with the name as Host and TLS server name), so a
name that turns private after it was saved is refused and recorded. No real DNS: the resolver
is patched."""

from __future__ import annotations

import socket
import ssl

import pytest

from feed.models import WebhookDelivery
from feed.services import webhook
from feed.services.webhook import REFUSED_PRIVATE, webhook_attempt, webhook_post
from tests.feed.test_webhook import SECRET, Receiver
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

PUBLIC = "93.184.216.34"


@pytest.fixture
def answers(monkeypatch):
    """The resolver, scripted: each look-up takes the next list of addresses (the last one
    again when the script runs out)."""
    script: list[list[str]] = []
    asked: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        asked.append(host)
        return script.pop(0) if len(script) > 1 else script[0]

    monkeypatch.setattr(webhook, "resolve", resolve)
    return script, asked


@pytest.fixture
def connections(monkeypatch):
    """Every connection made, refused at once (nothing leaves the machine)."""
    made = []

    def refuse(address, timeout=None, *args, **kwargs):
        made.append(address)
        raise ConnectionRefusedError("connection refused")

    monkeypatch.setattr(socket, "create_connection", refuse)
    return made


def test_a_name_that_turns_private_after_it_was_saved_is_refused_and_recorded(
    spring, organiser, settings, answers, connections
):
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = False
    script, asked = answers
    event_update(
        event=spring,
        user=organiser,
        changes={"feed_webhook_url": "https://hooks.example.org/x", "feed_webhook_secret": SECRET},
    )
    script.append(["10.0.0.7"])
    delivery = WebhookDelivery.objects.create(event=spring, reason="round_complete")
    webhook_attempt(delivery_id=delivery.pk)
    attempt = delivery.tries.get()
    assert (attempt.ok, attempt.status_code, attempt.error) == (False, None, REFUSED_PRIVATE)
    assert asked == ["hooks.example.org"]
    assert connections == []


def test_the_address_connected_to_is_the_one_checked(settings, answers, connections):
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = False
    script, asked = answers
    # Public when judged, loopback for any later look-up (the rebinding attack).
    script.extend([[PUBLIC], ["127.0.0.1"]])
    ok, status, error = webhook_post("http://hooks.example.org:8080/x", b"{}", {})
    assert (ok, status) == (False, None)
    assert "refused" in error
    assert asked == ["hooks.example.org"]
    assert connections == [(PUBLIC, 8080)]


def test_every_answer_is_judged(settings, answers, connections):
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = False
    script, _ = answers
    script.append([PUBLIC, "::1"])
    ok, status, error = webhook_post("https://hooks.example.org/x", b"{}", {})
    assert (ok, status, error) == (False, None, REFUSED_PRIVATE)
    assert connections == []


def test_the_pinned_address_is_asked_by_the_names_host_header(settings, answers):
    settings.FEED_WEBHOOK_ALLOW_PRIVATE = True
    script, asked = answers
    receiver = Receiver([204])
    try:
        script.append(["127.0.0.1"])
        port = receiver.server.server_port
        url = f"http://hooks.example.test:{port}/hook"
        ok, status, error = webhook_post(url, b'{"a":1}', {"Content-Type": "application/json"})
    finally:
        receiver.stop()
    assert (ok, status, error) == (True, 204, "")
    assert asked == ["hooks.example.test"]
    headers, body = receiver.received[0]
    assert headers["Host"] == f"hooks.example.test:{port}"
    assert body == b'{"a":1}'


def test_https_connects_to_the_address_and_names_the_host_for_tls(monkeypatch):
    made, wrapped = [], []

    class Context(ssl.SSLContext):
        def wrap_socket(self, sock, server_hostname=None, **kwargs):
            wrapped.append(server_hostname)
            return sock

    def connect(address, timeout=None, *args, **kwargs):
        made.append(address)
        return object()

    monkeypatch.setattr(socket, "create_connection", connect)
    connection = webhook.PinnedHTTPSConnection(
        "hooks.example.org", 443, addresses=[PUBLIC], context=Context(ssl.PROTOCOL_TLS_CLIENT)
    )
    connection.connect()
    assert made == [(PUBLIC, 443)]
    assert wrapped == ["hooks.example.org"]

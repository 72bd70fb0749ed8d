"""The webhook's deliveries on a 390 px phone: a long address and a long error wrap (no
sideways scroll), and "Send again now" sends a failed one again."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

URL = "https://results.example.org/hooks/" + "a-rather-long-path-segment/" * 4


def test_the_deliveries_fit_a_phone_and_a_failed_one_is_sent_again(
    live_server, new_page, organiser, monkeypatch
):
    from django.conf import settings
    from django.test import Client
    from django.utils import timezone

    from feed.models import WebhookAttempt, WebhookDelivery
    from tournament.services.events.events import event_create, event_update

    event = event_create(user=organiser, name="Phone GT", rounds=3, seed=1)
    event_update(
        event=event,
        user=organiser,
        changes={
            "feed_licence": "cc-by-4.0",
            "feed_webhook_url": URL,
            "feed_webhook_secret": "a-long-enough-webhook-secret",
        },
    )
    failed = WebhookDelivery.objects.create(
        event=event, reason="round_complete", round_number=1, status="failed", attempts=1
    )
    WebhookAttempt.objects.create(
        delivery=failed, number=1, at=timezone.now(), error="timed out " + "x" * 120
    )
    monkeypatch.setattr(
        "feed.services.webhook.webhook_post", lambda url, body, headers: (True, 200, "")
    )

    page = new_page()
    client = Client()
    client.force_login(organiser)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/manage/events/{event.pk}/settings/")
    page.get_by_role("link", name="Webhook deliveries").click()
    page.get_by_text("Round 1 complete").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.get_by_role("button", name="Send again now").click()
    page.get_by_text("Sent again. Its answer is below.").wait_for()
    page.get_by_text("Delivered (HTTP 200)").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

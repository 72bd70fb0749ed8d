"""The staff's page of the webhook's deliveries: organisers and judges read the last ones (when,
what for, attempt, answer in words, next retry); an organiser sends a failed one again (a POST,
logged); linked from the settings page only while a webhook is set; another organiser's event
is a 404."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from feed.models import WebhookAttempt, WebhookDelivery
from feed.services.webhook import REFUSED_PRIVATE
from tests.feed.test_webhook import SECRET
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, EventStaff
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

URL = "https://results.example.org/hook"


def _hook(event, organiser):
    event_update(
        event=event,
        user=organiser,
        changes={"feed_webhook_url": URL, "feed_webhook_secret": SECRET},
    )


def _page(event):
    return reverse("manage-feed-deliveries", args=[event.pk])


def _deliveries(event):
    now = timezone.now()
    failed = WebhookDelivery.objects.create(
        event=event, reason="round_complete", round_number=2, status="failed", attempts=6
    )
    for number in range(1, 7):
        WebhookAttempt.objects.create(
            delivery=failed,
            number=number,
            at=now - timedelta(hours=3) + timedelta(minutes=number),
            error=REFUSED_PRIVATE if number == 6 else "",
            status_code=None if number == 6 else 500,
        )
    pending = WebhookDelivery.objects.create(
        event=event,
        reason="event_end",
        status="pending",
        attempts=1,
        next_attempt_at=now + timedelta(seconds=120),
    )
    WebhookAttempt.objects.create(delivery=pending, number=1, at=now, status_code=503)
    return failed, pending


def test_the_organiser_reads_the_deliveries_in_words(org_client, spring, organiser):
    _hook(spring, organiser)
    _deliveries(spring)
    html = org_client.get(_page(spring)).content.decode()
    assert "Round 2 complete" in html
    assert "Event finished" in html
    assert "Attempt 6" in html
    assert "Refused: the address is a loopback, private or reserved one" in html
    assert "HTTP 503" in html
    assert "Next try" in html
    # Only the failed one can be sent again; no internal ids or codes in words.
    assert html.count("Send again now") == 1
    assert REFUSED_PRIVATE not in html
    assert "<table" not in html  # cards, which fit a phone


def test_a_failed_delivery_is_sent_again_and_logged(
    org_client, spring, organiser, django_capture_on_commit_callbacks, monkeypatch
):
    _hook(spring, organiser)
    failed, _ = _deliveries(spring)
    sent = []
    monkeypatch.setattr(
        "feed.services.webhook.webhook_post",
        lambda url, body, headers: sent.append(url) or (True, 200, ""),
    )
    html = org_client.get(_page(spring)).content.decode()
    data = form_data(html, "Send again now")
    action = reverse("manage-feed-delivery-send", args=[spring.pk, failed.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answer = org_client.post(action, data)
    assert answer.status_code == 302
    assert sent == [URL]
    failed.refresh_from_db()
    assert (failed.status, failed.attempts) == ("delivered", 7)
    entry = AuditEntry.objects.latest("id")
    assert entry.action == "feed_webhook_send_again"
    history = org_client.get(reverse("manage-audit", args=[spring.pk])).content.decode()
    assert "Round 2 complete" in history
    # A delivery that has not failed is not sent again.
    assert org_client.post(action, data).status_code == 302
    assert sent == [URL]


def test_judges_read_but_do_not_send(client, spring, organiser, django_user_model):
    _hook(spring, organiser)
    failed, _ = _deliveries(spring)
    judge = django_user_model.objects.create_user("judge", password="pw")
    EventStaff.objects.create(event=spring, user=judge, role="judge")
    client.force_login(judge)
    html = client.get(_page(spring)).content.decode()
    assert "Round 2 complete" in html
    assert "Send again now" not in html
    action = reverse("manage-feed-delivery-send", args=[spring.pk, failed.pk])
    assert client.post(action).status_code == 403
    failed.refresh_from_db()
    assert failed.status == "failed"


def test_another_organisers_event_is_not_found(client, spring, organiser, other_organiser):
    _hook(spring, organiser)
    failed, _ = _deliveries(spring)
    client.force_login(other_organiser)
    assert client.get(_page(spring)).status_code == 404
    action = reverse("manage-feed-delivery-send", args=[spring.pk, failed.pk])
    assert client.post(action).status_code == 404
    failed.refresh_from_db()
    assert failed.status == "failed"


def test_the_settings_page_links_the_deliveries_only_with_a_webhook(org_client, spring, organiser):
    settings_page = reverse("manage-settings", args=[spring.pk])
    assert _page(spring) not in org_client.get(settings_page).content.decode()
    _hook(spring, organiser)
    html = org_client.get(settings_page).content.decode()
    assert _page(spring) in html
    # Near the feed's fields: after the webhook's address, before the next section.
    at = html.index(_page(spring))
    assert html.index('name="feed_webhook_url"') < at < html.index("Sign-up and event status")

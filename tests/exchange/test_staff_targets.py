"""An account named only as the target of staff entries in the audit (issue 25): on import it
stays a name (or, deleted before the export, an id no account has), never another account of
this instance, and the re-export gives the same log back."""

import json

import pytest
from django.contrib.auth import get_user_model

from exchange.services.importing.write import event_import
from tests.conftest import add_players
from tests.exchange.helpers import export
from tournament.services.events.events import event_create
from tournament.services.events.staff import staff_add, staff_remove

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("link", [False, True])
@pytest.mark.parametrize("deleted", [False, True])
@pytest.mark.parametrize("elsewhere", [False, True])
def test_a_staff_target_round_trips_and_links_no_account(organiser, link, deleted, elsewhere):
    users = get_user_model()
    judy = users.objects.create_user("judy", password="pw")
    event = event_create(user=organiser, name="Test GT", rounds=3, seed=1)
    add_players(event, organiser, 4)
    staff_add(event=event, user=organiser, username="judy", role="judge")
    staff_remove(event=event, user=organiser, member_id=judy.pk)
    if deleted:
        judy.delete()
    document = export(event)
    assert [e["target"] for e in document["audit"] if e["action"].startswith("staff")] == [
        "user:~1" if deleted else "user:judy"
    ] * 2
    if elsewhere:
        event.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=link)
    targets = {
        e.target for e in report.event.audit.all() if e.action in ("staff_add", "staff_remove")
    }
    (target,) = targets
    ident = target.partition(":")[2]
    if link and not deleted:
        assert ident == str(judy.pk)  # the account the file names, linked as asked
    else:
        # Never another account: a name ("@judy") or an id no account has.
        assert ident.startswith("@") or not users.objects.filter(pk=int(ident)).exists()
        assert ident != str(judy.pk) or deleted
    assert export(report.event)["audit"] == document["audit"]

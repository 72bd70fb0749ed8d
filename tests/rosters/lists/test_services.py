"""Army lists in the services: submission until the deadline, review, publication, the log."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid
from rosters.services.armylists import (
    army_list_check,
    army_list_readable,
    army_list_review,
    army_list_submit,
    army_lists_for_review,
    army_lists_of_opponents,
    army_lists_public,
)
from rosters.services.fields import ARMY_LIST_LIMIT
from tests.rosters.lists.conftest import GW_LIST, set_deadline
from tournament.localtime import when
from tournament.models import AuditEntry, EventStaff, Player, StaffRole
from tournament.services.audit.log import audit_undo
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def fresh(player):
    return Player.objects.get(pk=player.pk)


def test_a_player_submits_crlf_normalised_and_logged(open_event, field):
    player = army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    assert player.army_list == GW_LIST.replace("\r\n", "\n").strip()
    assert player.list_status == "submitted"
    entry = AuditEntry.objects.get(action="army_list_submit")
    assert entry.actor_player_id == player.pk
    assert entry.after["list_status"] == "submitted"


def test_sending_the_same_list_again_changes_nothing(open_event, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    logged = AuditEntry.objects.count()
    army_list_submit(player=field[0], text=GW_LIST.replace("\r\n", "\n"), by_player=True)
    assert AuditEntry.objects.count() == logged


def test_a_list_over_the_limit_is_refused_naming_it(open_event, field):
    with pytest.raises(Invalid) as exc:
        army_list_submit(player=field[0], text="x" * (ARMY_LIST_LIMIT + 1), by_player=True)
    assert exc.value.codes == {"army_list": ["max_length"]}
    assert f"{ARMY_LIST_LIMIT:,}" in str(exc.value)
    assert fresh(field[0]).army_list == ""


def test_after_the_deadline_players_are_locked_out_but_organisers_edit(event, organiser, field):
    army_list_submit(player=field[0], text="Old list", by_player=True)
    set_deadline(event, organiser, hours=-1)
    with pytest.raises(Conflict) as exc:
        army_list_submit(player=field[0], text="New list", by_player=True)
    assert exc.value.codes == {"army_list": ["lists_locked"]}
    event.refresh_from_db()
    assert when(event.list_deadline, event.time_zone) in str(exc.value)
    assert fresh(field[0]).army_list == "Old list"
    player = army_list_submit(player=field[0], text="Fixed list", user=organiser)
    assert player.army_list == "Fixed list"
    assert AuditEntry.objects.filter(action="army_list_submit", actor_user=organiser).exists()


def test_review_needs_a_comment_for_a_fix_and_the_player_sees_it(open_event, organiser, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    with pytest.raises(Invalid) as exc:
        army_list_review(player=field[0], user=organiser, status="needs_fix")
    assert exc.value.codes == {"comment": ["required"]}
    player = army_list_review(
        player=field[0], user=organiser, status="needs_fix", comment="Warboss lacks wargear"
    )
    assert (player.list_status, player.list_comment) == ("needs_fix", "Warboss lacks wargear")
    # Replacing the list after the review puts it back to "submitted".
    player = army_list_submit(player=field[0], text=GW_LIST + "\nwith wargear", by_player=True)
    assert (player.list_status, player.list_comment) == ("submitted", "")


def test_a_review_without_a_list_is_refused(open_event, organiser, field):
    with pytest.raises(Conflict) as exc:
        army_list_review(player=field[1], user=organiser, status="checked")
    assert exc.value.codes == {"army_list": ["no_list"]}


def test_judges_review_and_the_review_undoes(open_event, organiser, field, django_user_model):
    judge = django_user_model.objects.create_user("judge", password="pw")
    EventStaff.objects.create(event=open_event, user=judge, role=StaffRole.JUDGE)
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    army_list_review(player=field[0], user=judge, status="checked")
    assert fresh(field[0]).list_status == "checked"
    entry = AuditEntry.objects.get(action="army_list_review")
    audit_undo(entry_id=entry.pk, user=organiser)
    assert fresh(field[0]).list_status == "submitted"


def test_only_staff_review(open_event, other_organiser, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    with pytest.raises(Forbidden):
        army_list_review(player=field[0], user=other_organiser, status="checked")
    with pytest.raises(Forbidden):
        army_list_submit(player=field[0], text="x", user=other_organiser)


def test_the_review_filter(open_event, organiser, field):
    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    army_list_submit(player=field[1], text=GW_LIST, by_player=True)
    army_list_review(player=field[1], user=organiser, status="checked")

    def names(status):
        return [
            r.player.name
            for r in army_lists_for_review(event=open_event, user=organiser, status=status)
        ]

    assert names("submitted") == [field[0].name]
    assert names("checked") == [field[1].name]
    assert names("") == [field[2].name, field[3].name]
    assert len(names(None)) == 4


def test_points_over_the_limit_warn(open_event, field):
    check = army_list_check(event=open_event, text="Strike Force (2000 Points)\nArmy [2,050pts]")
    assert check.header.points == 2050
    assert "50 over" in check.warning
    assert "2,000" in check.warning
    assert army_list_check(event=open_event, text=GW_LIST).warning == ""


@pytest.mark.parametrize("publication", ["opponents", "everyone", "nobody"])
def test_publication_after_the_deadline(event, organiser, field, publication):
    for player in field:
        army_list_submit(player=player, text=f"List of {player.name}", by_player=True)
    round_ = round_create(event_id=event.pk, user=organiser, seed=3)
    game = round_.games.filter(player_b__isnull=False).first()
    me, opponent = game.player_a, game.player_b
    stranger = next(p for p in field if p.pk not in (me.pk, opponent.pk))
    # Before the deadline nobody else reads a list.
    set_deadline(event, organiser, hours=2, publication=publication)
    assert army_lists_of_opponents(player=fresh(me)) == []
    assert not army_list_readable(owner=fresh(opponent), reader=fresh(me))
    assert army_list_readable(owner=fresh(me), reader=fresh(me))
    assert army_list_readable(owner=fresh(me), user=organiser)
    set_deadline(event, organiser, hours=-2, publication=publication)
    shown = army_lists_of_opponents(player=fresh(me))
    if publication == "nobody":
        assert shown == []
        assert not army_list_readable(owner=fresh(opponent), reader=fresh(me))
    else:
        assert [(r["round"], r["opponent"].army_list) for r in shown] == [
            (1, f"List of {opponent.name}")
        ]
        assert army_list_readable(owner=fresh(opponent), reader=fresh(me))
    assert army_list_readable(owner=fresh(opponent), reader=fresh(stranger)) == (
        publication == "everyone"
    )
    assert bool(army_lists_public(event=fresh(me).event)) == (publication == "everyone")


def test_the_organisers_player_form_resets_a_reviewed_list(open_event, organiser, field):
    from tournament.services.players.players import player_update

    army_list_submit(player=field[0], text=GW_LIST, by_player=True)
    army_list_review(player=field[0], user=organiser, status="checked")
    player = player_update(player=field[0], user=organiser, changes={"army_list": "Other"})
    assert player.list_status == "submitted"


def test_a_list_given_at_entry_or_sign_up_waits_for_a_check(event, organiser):
    from tournament.services.events.events import event_update
    from tournament.services.players.players import player_register
    from tournament.services.players.registration import registration_submit

    entered = player_register(event=event, user=organiser, name="Ann", army_list="Warboss")
    event_update(event=event, user=organiser, changes={"registration_open": True})
    signed = registration_submit(event=event, name="Bo", faction="Orks", army_list="Boyz")
    bare = registration_submit(event=event, name="Cy", faction="Orks")
    assert [p.list_status for p in (entered, signed, bare)] == ["submitted", "submitted", ""]

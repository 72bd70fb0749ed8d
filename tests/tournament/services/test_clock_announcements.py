"""The clock and announcement services: what they store, what they log, what they refuse."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest

from common.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.caching.revision import event_revision
from tournament.models import AuditEntry, Round
from tournament.services.audit.log import audit_undo_preview
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.live.announcements import (
    announcement_delete,
    announcement_post,
    announcements_list,
)
from tournament.services.live.clock import round_clock_act, round_clock_state, round_timing_words
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


def at(minutes: float):
    return patch("django.utils.timezone.now", return_value=T0 + timedelta(minutes=minutes))


@pytest.fixture
def paired(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    return event


def act(event, user, action, minutes=None, when=0.0):
    with at(when):
        return round_clock_act(
            event=event, round_number=1, user=user, action=action, minutes=minutes
        )


def state(event, when):
    return round_clock_state(round_=Round.objects.get(event=event, number=1), now=_t(when))


def _t(minutes):
    return T0 + timedelta(minutes=minutes)


def test_the_default_length_follows_the_battle_size_and_the_events_setting(paired, organiser):
    assert state(paired, 0).length_s == 3 * 3600  # Strike Force
    event_update(event=paired, user=organiser, changes={"battle_size": "onslaught"})
    assert state(paired, 0).length_s == 4 * 3600
    event_update(event=paired, user=organiser, changes={"battle_size": "incursion"})
    assert state(paired, 0).length_s == 2 * 3600
    event_update(event=paired, user=organiser, changes={"round_minutes": 150})
    assert state(paired, 0).length_s == 150 * 60


def test_a_round_of_start_pause_resume_extend(paired, organiser):
    act(paired, organiser, "start")
    running = state(paired, 30)
    assert (running.state, running.remaining_s) == ("running", 150 * 60)
    assert running.ends_at == _t(180)
    act(paired, organiser, "pause", when=30)
    assert state(paired, 90).state == "paused"
    assert state(paired, 90).remaining_s == 150 * 60
    act(paired, organiser, "resume", when=40)
    assert state(paired, 40).ends_at == _t(190)
    act(paired, organiser, "extend", 5, when=50)
    assert state(paired, 50).ends_at == _t(195)
    assert state(paired, 50).length_s == 185 * 60
    assert state(paired, 196).state == "finished"
    assert state(paired, 196).remaining_s == 0


def test_clock_actions_are_logged_in_words_and_not_undoable(paired, organiser):
    act(paired, organiser, "start")
    act(paired, organiser, "pause", when=48)
    act(paired, organiser, "extend", -10, when=50)
    entries = list(AuditEntry.objects.filter(action="round_clock").order_by("pk"))
    words = audit_describe(entries)
    assert [words[e.pk] for e in entries] == [
        "Started round 1's clock (3 h 0 min)",
        "Paused round 1's clock (2 h 12 min left)",
        "Shortened round 1's clock by 10 min",
    ]
    preview = audit_undo_preview(entry_id=entries[0].pk)
    assert not preview.can_undo
    assert preview.code == "not_undoable"
    assert preview.reason == "“Round clock” cannot be undone."


def test_each_action_moves_the_revision_on(paired, organiser):
    before = event_revision(event_id=paired.pk)
    act(paired, organiser, "start", 90)
    assert event_revision(event_id=paired.pk) > before


@pytest.mark.parametrize(
    "case",
    [
        ([("start", None)], "start", None, "clock_started"),
        ([], "pause", None, "clock_not_started"),
        ([], "extend", 5, "clock_not_started"),
        ([("start", None)], "resume", None, "clock_running"),
        ([("start", None), ("pause", None)], "pause", None, "clock_paused"),
    ],
)
def test_wrong_transitions_are_conflicts_and_change_nothing(paired, organiser, case):
    steps, action, minutes, code = case
    for step, step_minutes in steps:
        act(paired, organiser, step, step_minutes)
    before = Round.objects.filter(event=paired).values().get()
    with pytest.raises(Conflict) as refused:
        act(paired, organiser, action, minutes, when=1)
    assert refused.value.codes == {"action": [code]}
    assert "Round 1" in str(refused.value)
    assert Round.objects.filter(event=paired).values().get() == before


def test_a_finished_clock_cannot_be_paused(paired, organiser):
    act(paired, organiser, "start", 60)
    with pytest.raises(Conflict) as refused:
        act(paired, organiser, "pause", when=61)
    assert refused.value.codes == {"action": ["clock_finished"]}


@pytest.mark.parametrize(
    ("action", "minutes", "code"),
    [
        ("extend", None, "required"),
        ("extend", 0, "range"),
        ("extend", 721, "range"),
        ("start", 0, "range"),
        ("start", -5, "range"),
        ("pause", 5, "not_allowed"),
        ("extend", "5", "invalid"),
        ("extend", True, "invalid"),
    ],
)
def test_bad_minutes_are_refused_naming_the_field(paired, organiser, action, minutes, code):
    if action != "start":
        act(paired, organiser, "start")
    with pytest.raises(Invalid) as refused:
        act(paired, organiser, action, minutes, when=1)
    assert refused.value.codes == {"minutes": [code]}


def test_shortening_past_the_end_is_refused(paired, organiser):
    act(paired, organiser, "start", 30)
    with pytest.raises(Invalid) as refused:
        act(paired, organiser, "extend", -30, when=0)
    assert refused.value.codes == {"minutes": ["too_short"]}


def test_unknown_action_round_and_user(paired, organiser, other_organiser):
    with pytest.raises(Invalid) as refused:
        act(paired, organiser, "stop")
    assert refused.value.codes == {"action": ["invalid_choice"]}
    with pytest.raises(NotFound):
        round_clock_act(event=paired, round_number=4, user=organiser, action="start")
    with pytest.raises(Forbidden):
        act(paired, other_organiser, "start")


def test_printed_timing_line(paired, organiser):
    round_ = Round.objects.get(event=paired, number=1)
    assert round_timing_words(round_=round_) == "Round length 3 h 0 min"
    act(paired, organiser, "start")
    round_.refresh_from_db()
    with patch("django.utils.timezone.localtime", side_effect=lambda v: v):
        assert round_timing_words(round_=round_, now=_t(1)) == "Round ends 13:00, Mon 23 Nov"
        assert round_timing_words(round_=round_, now=_t(200)) == "Round ended 13:00, Mon 23 Nov"


# Announcements ----------------------------------------------------------------------------


def test_announcements_newest_first_logged_and_deletable(event, organiser):
    with at(0):
        first = announcement_post(event=event, user=organiser, text="  Lunch at 13:00  ")
    with at(5):
        second = announcement_post(event=event, user=organiser, text="Round 2 starts at 14:00")
    assert first.text == "Lunch at 13:00"
    assert [a.pk for a in announcements_list(event=event)] == [second.pk, first.pk]
    assert [a.pk for a in announcements_list(event=event, limit=1)] == [second.pk]
    before = event_revision(event_id=event.pk)
    announcement_delete(event=event, user=organiser, announcement_id=first.pk)
    assert event_revision(event_id=event.pk) > before
    assert [a.pk for a in announcements_list(event=event)] == [second.pk]
    entries = list(AuditEntry.objects.filter(action__startswith="announcement").order_by("pk"))
    words = audit_describe(entries)
    assert [words[e.pk] for e in entries] == [
        "“Lunch at 13:00”",
        "“Round 2 starts at 14:00”",
        "Removed “Lunch at 13:00”",
    ]


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "blank"), ("   ", "blank"), ("x" * 501, "max_length"), ("a\x00b", "bad_character")],
)
def test_bad_announcements_are_refused(event, organiser, text, code):
    with pytest.raises(Invalid) as refused:
        announcement_post(event=event, user=organiser, text=text)
    assert refused.value.codes == {"text": [code]}
    assert announcements_list(event=event) == []


def test_only_organisers_announce_and_delete(event, organiser, other_organiser):
    with pytest.raises(Forbidden):
        announcement_post(event=event, user=other_organiser, text="Hi")
    posted = announcement_post(event=event, user=organiser, text="Hi")
    with pytest.raises(Forbidden):
        announcement_delete(event=event, user=other_organiser, announcement_id=posted.pk)
    with pytest.raises(NotFound):
        announcement_delete(event=event, user=organiser, announcement_id=posted.pk + 99)

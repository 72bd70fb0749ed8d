"""The feed's pure parts: pseudonyms, signatures, back-off, address checks and the document's
consent rules (unit and property tests, no database)."""

from __future__ import annotations

import string
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from feed.engine.document import (
    FeedEvent,
    FeedGame,
    FeedPlayer,
    FeedResult,
    FeedRound,
    feed_document,
)
from feed.engine.signing import (
    MAX_ATTEMPTS,
    RETRY_DELAYS,
    address_refusal,
    feed_key,
    player_pseudonym,
    retry_delay,
    secret_fingerprint,
    signature_header,
    signature_valid,
    url_refusal,
)

KEY = feed_key("a server's secret key")
ids = st.integers(min_value=1, max_value=10**9)


@given(ids, ids)
def test_pseudonyms_are_stable_per_person_and_hide_the_ids(person, player):
    one = player_pseudonym(KEY, person_id=person, player_id=player)
    assert one == player_pseudonym(KEY, person_id=person, player_id=player + 1)
    assert one != player_pseudonym(KEY, person_id=None, player_id=person)
    assert one != player_pseudonym(feed_key("another server"), person_id=person, player_id=player)
    assert str(person) not in one[2:] or len(str(person)) < 4
    assert len(one) == 26
    assert set(one[2:]) <= set(string.hexdigits.lower())


@given(st.binary(max_size=200), st.text(min_size=16, max_size=40), st.integers(0, 2**31))
def test_a_signature_checks_only_its_own_body_secret_and_time(body, secret, now):
    header = signature_header(secret, now, body)
    assert signature_valid(secret, header, body, now=now)
    assert signature_valid(secret, header, body, now=now + 300)
    assert not signature_valid(secret, header, body, now=now + 301)
    assert not signature_valid(secret + "x", header, body, now=now)
    assert not signature_valid(secret, header, body + b"x", now=now)
    assert not signature_valid(secret, "t=nope,v1=00", body, now=now)


def test_the_back_off_grows_and_ends():
    delays = [retry_delay(n) for n in range(1, MAX_ATTEMPTS + 1)]
    assert delays == [*RETRY_DELAYS, None]
    assert list(RETRY_DELAYS) == sorted(RETRY_DELAYS)
    assert retry_delay(0) is None


def test_secret_fingerprints_tell_secrets_apart_without_holding_them():
    first = secret_fingerprint(KEY, "the first long secret")
    assert first.startswith("set:")
    assert len(first) == 16
    assert first == secret_fingerprint(KEY, "the first long secret")
    assert first != secret_fingerprint(KEY, "the second long secret")
    assert secret_fingerprint(KEY, "") == ""


def test_outgoing_addresses():
    assert url_refusal("https://example.org/hook") is None
    assert url_refusal("ftp://example.org/") == "scheme"
    assert url_refusal("https:///nohost") == "host"
    assert url_refusal("https://u:p@example.org/") == "credentials"
    assert url_refusal("http://example.org:notaport/") == "host"
    for private in ("127.0.0.1", "10.0.0.1", "192.168.1.1", "169.254.1.1", "::1", "fc00::1"):
        assert address_refusal(private, allow_private=False) == "private"
        assert address_refusal(private, allow_private=True) is None
    assert address_refusal("::ffff:127.0.0.1", allow_private=False) == "private"
    assert address_refusal("93.184.216.34", allow_private=False) is None


players = st.lists(
    st.builds(
        FeedPlayer,
        id=st.integers(1, 50),
        feed_id=st.just(""),
        name=st.text(min_size=1, max_size=10),
        faction=st.sampled_from(["Orks", "Necrons", ""]),
        list_text=st.text(max_size=10),
        detachments=st.just(("Horde",)),
        results_withheld=st.booleans(),
        list_consent=st.booleans(),
    ),
    unique_by=lambda p: p.id,
    max_size=8,
)


@given(players, st.booleans())
def test_the_document_withholds_what_consent_withholds(people, lists_published):
    people = [
        replace(p, feed_id=player_pseudonym(KEY, person_id=None, player_id=p.id)) for p in people
    ]
    event = FeedEvent(
        id=1,
        name="GT",
        licence="cc-by-4.0",
        mission_pack="eleventh",
        kind="singles",
        status="running",
        planned_rounds=3,
        bye_vp=60,
        points_limit=2000,
        lists_published=lists_published,
    )
    games = [
        FeedGame(1, a.id, b.id, FeedResult(10, 20, "b"))
        for a, b in zip(people[::2], people[1::2], strict=False)
    ]
    document = feed_document(event, people, [FeedRound(1, "swiss", True, "", games)], as_of="now")
    rows = {row["id"]: row for row in document["players"]}
    for person in people:
        row = rows[person.feed_id]
        if person.results_withheld:
            assert row["name"] is None
        else:
            assert row["name"] == person.name
        listed = lists_published and person.list_consent and not person.results_withheld
        assert row["list"] == (person.list_text if listed and person.list_text else None)
        assert (row["detachments"] is None) == (row["list"] is None)
    assert len(document["rounds"][0]["games"]) == len(games)
    # Never an internal id: players only by their pseudonyms.
    assert all(isinstance(g["player_a"], str) for g in document["rounds"][0]["games"])


def test_no_document_without_a_licence():
    event = FeedEvent(1, "GT", "", "eleventh", "singles", "running", 3, 60, 2000)
    try:
        feed_document(event, [], [], as_of="now")
    except ValueError:
        return
    raise AssertionError("a document was made without a licence")

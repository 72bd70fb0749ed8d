"""The CSV of rounds, read by a pure engine: a written file reads back the same games, players
and factions; any text at all reads or is refused by place, never crashes; a BCP list of the
same games reads the same. Plain Python: no database."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from exchange.engine.bcp import bcp_read
from exchange.engine.old_events import OldEventError, old_event_check
from exchange.engine.rounds_csv import rounds_csv_read, rounds_csv_write
from tournament.data.factions import FACTIONS
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean, name_key

# Letters beyond ASCII, and the characters CSV must quote: a name holding them still reads back.
ALPHABET = string.ascii_letters + "ÆØÅéüßŁńЖ李 ,;'\"-"


def _clean(text: str) -> str | None:
    try:
        return name_clean(text, limit=120)
    except EngineError:
        return None


names = st.text(ALPHABET, min_size=1, max_size=24).map(_clean).filter(bool)


@st.composite
def events(draw):
    """Rounds of games between distinct players (some byes, some tables left empty)."""
    people = draw(st.lists(names, min_size=2, max_size=9, unique_by=name_key))
    factions = {p: draw(st.sampled_from(("", *FACTIONS))) for p in people}
    rows = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        playing = draw(st.permutations(people))[: draw(st.integers(1, len(people)))]
        tables = draw(st.booleans())
        for t, i in enumerate(range(0, len(playing), 2), 1):
            a, b = playing[i], (playing[i + 1] if i + 1 < len(playing) else None)
            rows.append(
                {
                    "round": number,
                    "table": t if tables and b is not None else None,
                    "player_a": a,
                    "faction_a": factions[a],
                    "vp_a": draw(st.integers(0, 100)) if b or draw(st.booleans()) else None,
                    "player_b": b,
                    "faction_b": factions[b] if b else "",
                    "vp_b": draw(st.integers(0, 100)) if b else None,
                }
            )
    return rows, factions


def _games(event) -> list[tuple]:
    names_of = {key: p.name for key, p in event.players.items()}
    return [
        (
            g.round,
            g.table,
            names_of[g.a],
            names_of.get(g.b),
            g.result.get("vp_a"),
            g.result.get("vp_b"),
        )
        for g in event.games
    ]


def _rows(rows: list[dict]) -> list[tuple]:
    return [
        (r["round"], r["table"], r["player_a"], r["player_b"], r["vp_a"], r["vp_b"]) for r in rows
    ]


@settings(max_examples=150, deadline=None)
@given(events())
def test_a_written_csv_reads_back(drawn):
    rows, factions = drawn
    event = rounds_csv_read(rounds_csv_write(rows))
    old_event_check(event)
    assert _games(event) == _rows(rows)
    played = {r["player_a"] for r in rows} | {r["player_b"] for r in rows if r["player_b"]}
    assert {p.name: p.faction for p in event.players.values()} == {
        name: factions[name] for name in played
    }


@settings(max_examples=60, deadline=None)
@given(events())
def test_a_file_saved_by_a_spreadsheet_reads_the_same(drawn):
    """A byte order mark, semicolons for commas (LibreOffice in many languages), "Player A"
    headers and blank lines change nothing."""
    rows, _ = drawn
    text = rounds_csv_write(rows)
    header, body = text.split("\r\n", 1)
    spreadsheet = (
        "\ufeff"
        + header.replace("player_a", "Player A").replace("vp_b", "VP-B")
        + "\r\n\r\n"
        + body
    )
    assert _games(rounds_csv_read(spreadsheet)) == _rows(rows)
    semicolons = (
        text.replace(",", ";")
        if not any(c in r["player_a"] + (r["player_b"] or "") for r in rows for c in ',;"')
        else text
    )
    assert _games(rounds_csv_read(semicolons)) == _rows(rows)


@settings(max_examples=60, deadline=None)
@given(events())
def test_the_same_games_from_bcp_read_the_same(drawn):
    rows, _ = drawn

    def side(name, faction, vp):
        return {"name": name, "faction": faction}, {"points": vp}

    pairings = []
    for r in rows:
        p1, g1 = side(r["player_a"], r["faction_a"], 60 if r["vp_a"] is None else r["vp_a"])
        pairing = {"round": r["round"], "table": r["table"], "player1": p1, "player1Game": g1}
        if r["player_b"]:
            p2, g2 = side(r["player_b"], r["faction_b"], r["vp_b"])
            pairing.update(player2=p2, player2Game=g2)
        pairings.append(pairing)
    from_bcp = bcp_read({"pairings": pairings})
    from_csv = rounds_csv_read(rounds_csv_write(rows))
    expected = [(*g[:4], 60 if g[4] is None else g[4], g[5]) for g in _games(from_csv)]
    assert _games(from_bcp) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(string.printable + "é\ufeff\x00", max_size=300))
def test_any_text_reads_or_is_refused_by_place(text):
    refused = _refusal(text)
    if refused is not None:
        assert refused.place
        assert refused.message


def _refusal(text: str) -> OldEventError | None:
    try:
        old_event_check(rounds_csv_read(text))
    except OldEventError as exc:
        return exc
    return None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(ALPHABET, max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                (
                    "pairings",
                    "players",
                    "event",
                    "round",
                    "table",
                    "player1",
                    "player2",
                    "player1Game",
                    "player2Game",
                    "points",
                    "result",
                    "game",
                    "gamePoints",
                    "gameResult",
                    "user",
                    "firstName",
                    "lastName",
                    "name",
                    "faction",
                    "army",
                    "id",
                    "dropped",
                    "eventDate",
                )
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_reads_or_is_refused_by_place(value):
    try:
        old_event_check(bcp_read(value))
    except OldEventError as exc:
        refused = exc
    else:
        refused = None
    assert refused is None or refused.place

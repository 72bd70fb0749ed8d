"""A reference consumer of Strategium's open results feed: standard library only.

Reads one event's feed document (a URL, a file, or - for stdin) and works out the event's
faction win rates exactly as the event's factions page does:

- only games with a result count (the feed carries confirmed results only); byes count in no
  win, draw, loss or win rate; knockout (play-off) rounds are not counted;
- a mirror match (both players of one faction) counts for neither side;
- equal VP is a draw, otherwise more VP wins (the VP as scored, before penalties);
- win rate = wins / (wins + draws + losses), an exact fraction, shown as a percentage with
  one decimal rounded half up ("45.5%");
- factions in the page's order: most players first, then by name.

    python tools/feed_consumer.py https://server/api/feed/events/12/
    python tools/feed_consumer.py event.json --json
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from fractions import Fraction

SUPPORTED = ("strategium-feed", 1)
NO_FACTION = "No faction given"


def read_document(source: str) -> dict:
    if source == "-":
        return json.load(sys.stdin)
    if source.startswith(("http://", "https://")):
        # http(s) only, as checked just above.
        request = urllib.request.Request(source, headers={"Accept": "application/json"})  # noqa: S310
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
            return json.load(answer)
    with open(source, encoding="utf-8") as handle:
        return json.load(handle)


def percent(value: Fraction) -> str:
    """A rate as a percentage with one decimal, rounded half up on the exact value."""
    tenths = int(value * 1000 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}%"


def faction_win_rates(document: dict) -> list[dict]:
    if (document.get("format"), document.get("version")) != SUPPORTED:
        raise ValueError(f"not a feed this consumer reads: {document.get('format')!r}")
    faction = {p["id"]: p["faction"] for p in document["players"]}
    rows: dict[str, dict] = {}
    for name in faction.values():
        row = rows.setdefault(
            name, {"faction": name, "players": 0, "wins": 0, "draws": 0, "losses": 0, "mirrors": 0}
        )
        row["players"] += 1
    for round_ in document["rounds"]:
        if round_["stage"] != "swiss":
            continue
        for game in round_["games"]:
            result = game["result"]
            if game["bye"] or result is None:
                continue
            a, b = rows[faction[game["player_a"]]], rows[faction[game["player_b"]]]
            if a is b:
                a["mirrors"] += 1
            elif result["vp_a"] == result["vp_b"]:
                a["draws"] += 1
                b["draws"] += 1
            elif result["vp_a"] > result["vp_b"]:
                a["wins"] += 1
                b["losses"] += 1
            else:
                a["losses"] += 1
                b["wins"] += 1
    out = []

    def placing(row: dict) -> tuple:
        return (-row["players"], row["faction"].casefold(), row["faction"])

    order = sorted(rows.values(), key=placing)
    for row in order:
        games = row["wins"] + row["draws"] + row["losses"]
        rate = Fraction(row["wins"], games) if games else None
        out.append(
            {
                **row,
                "label": row["faction"] or NO_FACTION,
                "games": games,
                "win_rate": None if rate is None else f"{rate.numerator}/{rate.denominator}",
                "win_rate_percent": "–" if rate is None else percent(rate),
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Faction win rates from an open feed document.")
    parser.add_argument("source", help="the feed document: a URL, a file, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        rows = faction_win_rates(read_document(args.source))
    except (OSError, ValueError, KeyError) as exc:
        print(f"cannot read the feed: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        record = f"{row['wins']}-{row['draws']}-{row['losses']}"
        print(f"{row['label']:<30} {row['players']:>4} {record:>10} {row['win_rate_percent']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Check a round's pairing record: `python -m tournament.verify RECORD.json` (or `-` for stdin).

Needs no database and no Django settings: it imports only the pure pairing engine, pairs the
round again from the record's inputs, replays the recorded swaps and prints `identical` (exit
0), or each difference in words (exit 1). A file that cannot be read as JSON exits 2.
"""

from __future__ import annotations

import json
import sys

from tournament.engine.pairing.record import ENGINE_VERSION, verify_record

USAGE = "usage: python -m tournament.verify RECORD.json   (or - to read the record from stdin)"


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        _err(USAGE)
        return 2
    source = args[0]
    try:
        if source == "-":
            record = json.load(sys.stdin)
        else:
            with open(source, encoding="utf-8") as handle:
                record = json.load(handle)
    except OSError as exc:
        _err(f"cannot read {source}: {exc.strerror or exc}")
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        _err(f"{source} is not JSON: {exc}")
        return 2
    differences = verify_record(record)
    made_by = (record.get("engine") or {}).get("version") if isinstance(record, dict) else None
    if made_by and made_by != ENGINE_VERSION:
        # Not a difference by itself, but the likely reason for any.
        _err(f"note: the record was made by {made_by}; this is {ENGINE_VERSION}")
    if not differences:
        _out("identical")
        return 0
    _out("not identical:")
    for line in differences:
        _out(f"- {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main())

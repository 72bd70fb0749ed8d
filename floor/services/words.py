"""The judge calls' steps in the audit log, in words (tables and names, never ids)."""

from __future__ import annotations

from tournament.services.audit.words import audit_words_register


def _table(entry) -> str:
    number = (entry.after or {}).get("table")
    return f"Table {number}" if number else "A table"


def _open(entry) -> str:
    note = (entry.after or {}).get("note")
    return f"{_table(entry)} called a judge" + (f": “{note}”" if note else "")


def _claim(entry) -> str:
    return f"{_table(entry)}: {(entry.after or {}).get('judge', 'a judge')} took the call"


def _resolve(entry) -> str:
    after = entry.after or {}
    text = f"{_table(entry)}: ruled “{after.get('ruling', '')}”"
    if after.get("minutes"):
        text += f", {after['minutes']} min added"
    return text


def register() -> None:
    audit_words_register("judge_call_open", "Judge called", _open)
    audit_words_register("judge_call_claim", "Judge call claimed", _claim)
    audit_words_register("judge_call_resolve", "Judge call resolved", _resolve)

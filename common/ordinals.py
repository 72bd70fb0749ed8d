"""Ordinal numbers in the reader's language ("3rd", "3.", "3e", "3º"): a place in the standings,
on the waiting list. Each ending is its own message with a context, so a language with one form
for every number ("%(n)s.") translates all of them alike, and French can keep "1er" for one."""

from __future__ import annotations

from django.utils.translation import pgettext


def ordinal(n: int) -> str:
    """1 -> '1st', 12 -> '12th', 22 -> '22nd' in English; as the reader's language writes it."""
    if n == 1:
        form = pgettext("ordinal of the number 1", "%(n)sst")
    elif 10 <= n % 100 <= 20:
        form = pgettext("ordinal ending in th", "%(n)sth")
    elif n % 10 == 1:
        form = pgettext("ordinal ending in 1 (21, 31 ...)", "%(n)sst")
    elif n % 10 == 2:
        form = pgettext("ordinal ending in 2 (2, 22 ...)", "%(n)snd")
    elif n % 10 == 3:
        form = pgettext("ordinal ending in 3 (3, 23 ...)", "%(n)srd")
    else:
        form = pgettext("ordinal ending in th", "%(n)sth")
    return form % {"n": n}

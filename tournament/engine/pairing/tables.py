"""Table numbers for a round's pairs.

Order: pairs ranked by combined record, then best record, then combined win path (seeded order
for exact ties); table 1 is the top pair, byes get no table and come last.
Fixed tables: a pair with a player who has a fixed (accessible) table sits there, first.
Repeat avoidance rule: walking down the ranked pairs, a pair takes the first of the next
LOOKAHEAD + 1 free tables that neither player has used; if all of those were used it takes the
first free table (flagged `repeat_table`). So a pair never sits more than LOOKAHEAD free tables
below its natural slot and the top of the room stays in rank order.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournament.engine.errors import EngineError
from tournament.engine.pairing.context import PairingContext
from tournament.engine.records import Flag

LOOKAHEAD = 2


def rank_key(ctx: PairingContext, a: int, b: int, key: int) -> tuple:
    sa, sb = ctx.s2[a], ctx.s2[b]
    return (-(sa + sb), -max(sa, sb), -(ctx.v2[a] + ctx.v2[b]), key)


def assign_tables(
    ctx: PairingContext,
    pairs: list[tuple[int, int | None]],
    keys: dict[int, int],
    tables: Iterable[int] | None = None,
) -> list[tuple[int | None, int, int | None, tuple[Flag, ...]]]:
    games = [p for p in pairs if p[1] is not None]
    byes = [p for p in pairs if p[1] is None]
    games.sort(key=lambda p: rank_key(ctx, p[0], p[1], keys[p[0]] ^ keys[p[1]]))
    fixed_of = {pid: e.fixed_table for pid, e in ctx.entries.items() if e.fixed_table is not None}
    if tables is None:
        top = max([len(games), *fixed_of.values()], default=0)
        pool = list(range(1, top + 1))
    else:
        pool = sorted(set(tables))
    out: dict[int, tuple] = {}
    taken: set[int] = set()
    for i, (a, b) in enumerate(games):
        fixed = [fixed_of[p] for p in (a, b) if p in fixed_of]
        if not fixed:
            continue
        table = fixed[0]
        if table in taken:
            raise EngineError(
                "fixed_table_clash",
                f"table {table} is fixed for two pairs this round",
                field="fixed_table",
            )
        taken.add(table)
        who = a if fixed_of.get(a) == table else b
        out[i] = (
            table,
            a,
            b,
            (Flag("fixed_table", f"table {table} is fixed for {ctx.name(who)}", (who,)),),
        )
    free = [t for t in pool if t not in taken]
    if len(free) < len(games) - len(out):
        raise EngineError(
            "not_enough_tables",
            f"{len(games)} games need tables but only {len(pool)} are available",
            field="tables",
        )
    for i, (a, b) in enumerate(games):
        if i in out:
            continue
        used = ctx.states[a].tables | ctx.states[b].tables
        choice = next((t for t in free[: LOOKAHEAD + 1] if t not in used), None)
        flags: tuple[Flag, ...] = ()
        if choice is None:
            choice = free[0]
            if choice in used:
                who = a if choice in ctx.states[a].tables else b
                flags = (
                    Flag(
                        "repeat_table",
                        f"table {choice} is already taken by {ctx.name(who)}; "
                        "no unused table nearby",
                        (who,),
                        "warning",
                    ),
                )
        free.remove(choice)
        out[i] = (choice, a, b, flags)
    return [out[i] for i in range(len(games))] + [(None, a, None, ()) for a, _ in byes]

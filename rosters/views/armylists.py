"""Army list pages: the player's form on their page, the staff's review page, and the public
lists page when the event publishes lists to everyone."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from missions.eleventh.matrix import DISPOSITION_NAMES
from rosters.engine.checks import CODES
from rosters.models.armylists import ListPublication, ListStatus
from rosters.services.armylists import (
    COMMENT_LIMIT,
    army_list_check,
    army_list_counts,
    army_list_deadline_words,
    army_list_overrule,
    army_list_passes,
    army_list_problem_counts,
    army_list_review,
    army_list_rules,
    army_list_submit,
    army_lists_for_review,
    army_lists_locked,
    army_lists_of_opponents,
    army_lists_public,
    army_lists_published,
)
from rosters.services.fields import ARMY_LIST_LIMIT
from rosters.services.recorded import LABELS as RECORDED_LABELS
from rosters.services.recorded import list_recorded_use, recorded_mismatch
from rosters.services.rows import list_row, lists_preload
from tournament.models import Player
from tournament.views.common import report, staff_required, visible_event_or_404

LIST_LABELS = {"army_list": "Army list", "comment": "Comment", "status": "Status", "code": "Check"}


class ArmyListForm(forms.Form):
    # Not stripped, no length check here: the service normalises line breaks first and then
    # applies the limit, naming it.
    army_list = forms.CharField(
        required=False,
        strip=False,
        label=gettext_lazy("Army list (paste it as your army builder app exports it)"),
        widget=forms.Textarea(
            attrs={"rows": 12, "maxlength": ARMY_LIST_LIMIT, "spellcheck": "false"}
        ),
    )


class ReviewForm(forms.Form):
    status = forms.ChoiceField(
        choices=[(ListStatus.CHECKED, "Checked"), (ListStatus.NEEDS_FIX, "Needs a fix")],
        widget=forms.RadioSelect,
        label=gettext_lazy("Review"),
    )
    comment = forms.CharField(
        required=False,
        strip=False,
        max_length=COMMENT_LIMIT,
        label=gettext_lazy("Comment (the player reads it)"),
        widget=forms.Textarea(attrs={"rows": 1, "placeholder": "Comment (the player reads it)"}),
    )


def problem_rows(rules, overrules: dict) -> list[dict]:
    """Each problem of the checks with the staff's overrule of it ("" : none) and the few
    words that name it (people read those, never the machine code)."""
    problems = rules.problems if rules else ()
    return [
        {"p": p, "overruled": overrules.get(p.code, ""), "label": CODES.get(p.code, p.code)}
        for p in problems
    ]


def player_list_context(player: Player) -> dict:
    """The player's own list (form, status, the staff's comment, a points warning) and, once
    published, their opponents' lists: for the player's page."""
    event = player.event
    opponents = [
        {**row, "check": army_list_check(event=event, text=row["opponent"].army_list)}
        for row in army_lists_of_opponents(player=player)
    ]
    return {
        "army": {
            "form": ArmyListForm(initial={"army_list": player.army_list}),
            "check": army_list_check(event=event, text=player.army_list),
            # The muster checks, shown as soon as the list is pasted (before the deadline).
            "rules": (rules := army_list_rules(player=player, event=event)),
            "passes": army_list_passes(rules, player.list_overrules),
            "problems": problem_rows(rules, player.list_overrules),
            "locked": army_lists_locked(event),
            "deadline": army_list_deadline_words(event),
            "published": army_lists_published(event),
            "publication": event.get_list_publication_display().lower(),
            "opponents": opponents,
        }
    }


def player_list_section(player: Player) -> tuple[str, dict]:
    """The player's page section (tournament.views.player.PLAYER_PAGE_SECTIONS)."""
    lists_preload(player)
    return "rosters/partials/my_army_list.html", player_list_context(player)


@require_POST
def player_list_submit(request, key: str):
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        raise PermissionDenied("Unknown player key.")
    form = ArmyListForm(request.POST)
    form.is_valid()  # a CharField without limits always is
    before = player.army_list
    try:
        player = army_list_submit(
            player=player, text=form.cleaned_data.get("army_list", ""), by_player=True
        )
    except ServiceError as exc:
        report(request, exc, LIST_LABELS)
    else:
        if player.army_list == before:
            messages.info(request, gettext("Your army list is unchanged."))
        elif player.army_list:
            messages.success(request, gettext("Army list saved. The organisers will check it."))
        else:
            messages.success(request, gettext("Army list removed."))
        warning = army_list_check(event=player.event, text=player.army_list).warning
        if warning:
            messages.warning(request, warning)
    return redirect(reverse("player-home", kwargs={"key": key}) + "#army-list")


STATUS_FILTERS = [
    ("", "All"),
    (ListStatus.SUBMITTED, "To check"),
    (ListStatus.NEEDS_FIX, "Needs a fix"),
    (ListStatus.CHECKED, "Checked"),
    ("none", "No list"),
]


@staff_required
def list_review_page(request, event):
    wanted = request.GET.get("status", "")
    if wanted not in {value for value, _ in STATUS_FILTERS}:
        wanted = ""
    status = None if wanted == "" else ("" if wanted == "none" else wanted)
    every = army_lists_for_review(event=event, user=request.user, status=status)
    problems = army_list_problem_counts(every)
    problem = request.GET.get("problem", "")
    if problem not in problems:
        problem = ""
    rows = [r for r in every if problem in r.codes] if problem else every
    counts = army_list_counts(event=event)
    filters = [
        {
            "value": value,
            "label": label,
            "count": sum(counts.values())
            if value == ""
            else counts["" if value == "none" else value],
            "current": value == wanted,
        }
        for value, label in STATUS_FILTERS
    ]
    context = {
        "event": event,
        "tab": "lists",
        "rows": [
            {
                "row": row,
                "disposition": DISPOSITION_NAMES.get(row.player.disposition, ""),
                "detachments": list(list_row(row.player).detachments or []),
                "problems": problem_rows(row.rules, row.overrules),
                "mismatch": [
                    {**m, "label": RECORDED_LABELS[m["field"]]}
                    for m in recorded_mismatch(row.player, row.rules)
                ],
                "form": ReviewForm(
                    initial={
                        "status": row.player.list_status
                        if row.player.list_status in (ListStatus.CHECKED, ListStatus.NEEDS_FIX)
                        else None,
                        "comment": row.player.list_comment,
                    },
                    prefix=f"p{row.player.pk}",
                ),
            }
            for row in rows
        ],
        "filters": filters,
        "wanted": wanted,
        "problem": problem,
        "problem_filters": [
            {
                "code": code,
                "label": CODES.get(code, code),
                "count": count,
                "current": code == problem,
            }
            for code, count in problems.items()
        ],
        "deadline": army_list_deadline_words(event),
        "locked": army_lists_locked(event),
        "publication": event.get_list_publication_display().lower(),
    }
    return render(request, "rosters/manage/lists.html", context)


@staff_required
@require_POST
def list_review(request, event, player_id: int):
    player = event.players.filter(pk=player_id).select_related("event").first()
    if player is None:
        raise Http404("No such player in this event.")
    form = ReviewForm(request.POST, prefix=f"p{player.pk}")
    if form.is_valid():
        try:
            army_list_review(player=player, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc, {**LIST_LABELS, "comment": f"{player.name}'s comment"})
        else:
            word = "checked" if form.cleaned_data["status"] == ListStatus.CHECKED else "needs a fix"
            messages.success(
                request, gettext("%(name)s's list: %(word)s.") % {"name": player.name, "word": word}
            )
    else:
        for field, errors in form.errors.items():
            for error in errors:
                messages.error(
                    request,
                    gettext("%(name)s: %(get)s: %(error)s")
                    % {"name": player.name, "get": LIST_LABELS.get(field, field), "error": error},
                )
    target = reverse("manage-lists", kwargs={"event_id": event.pk})
    wanted = request.POST.get("filter", "")
    if wanted in {value for value, _ in STATUS_FILTERS} and wanted:
        target += f"?status={wanted}"
    return redirect(f"{target}#list-{player.pk}")


def public_lists(request, event_id: int):
    """Every player's list, when the event publishes them to everyone and the deadline passed."""
    event = visible_event_or_404(request, event_id)
    players = army_lists_public(event=event)
    context = {
        "event": event,
        "tab": "lists",
        "rows": [
            {"player": p, "check": army_list_check(event=event, text=p.army_list)} for p in players
        ],
        "everyone": event.list_publication == ListPublication.EVERYONE,
        "locked": army_lists_locked(event),
        "deadline": army_list_deadline_words(event),
    }
    return render(request, "rosters/lists.html", context)


class OverruleForm(forms.Form):
    code = forms.CharField(max_length=60, widget=forms.HiddenInput())
    comment = forms.CharField(
        required=False,
        strip=False,
        max_length=COMMENT_LIMIT,
        label=gettext_lazy("Why this check is overruled (logged; empty takes the overrule back)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )


@staff_required
@require_POST
def list_overrule(request, event, player_id: int):
    """Overrule (or take back the overrule of) one check of a player's list."""
    player = event.players.filter(pk=player_id).select_related("event").first()
    if player is None:
        raise Http404("No such player in this event.")
    form = OverruleForm(request.POST)
    back = reverse("manage-lists", kwargs={"event_id": event.pk}) + f"#list-{player.pk}"
    if not form.is_valid():
        for field, errors in form.errors.items():
            for error in errors:
                messages.error(
                    request,
                    gettext("%(name)s: %(get)s: %(error)s")
                    % {"name": player.name, "get": LIST_LABELS.get(field, field), "error": error},
                )
        return redirect(back)
    try:
        army_list_overrule(player=player, user=request.user, **form.cleaned_data)
    except ServiceError as exc:
        report(request, exc, {**LIST_LABELS, "code": "Check", "comment": "Why"})
    else:
        check = CODES.get(form.cleaned_data["code"], "")
        if form.cleaned_data["comment"].strip():
            messages.success(
                request,
                gettext("%(name)s's list: the check “%(check)s” is overruled.")
                % {"name": player.name, "check": check},
            )
        else:
            messages.success(
                request,
                gettext("%(name)s's list: the check “%(check)s” counts again.")
                % {"name": player.name, "check": check},
            )
    return redirect(back)


@staff_required
@require_POST
def list_recorded(request, event, player_id: int):
    """Record the faction or disposition the player's list states in place of theirs."""
    player = event.players.filter(pk=player_id).select_related("event").first()
    if player is None:
        raise Http404("No such player in this event.")
    field = request.POST.get("field", "")
    try:
        list_recorded_use(player=player, user=request.user, field=field)
    except ServiceError as exc:
        report(request, exc, {**LIST_LABELS, **RECORDED_LABELS})
    else:
        label = RECORDED_LABELS[field]
        messages.success(
            request,
            gettext("%(name)s: %(lower)s taken from the list.")
            % {"name": player.name, "lower": label.lower()},
        )
    return redirect(reverse("manage-lists", kwargs={"event_id": event.pk}) + f"#list-{player.pk}")

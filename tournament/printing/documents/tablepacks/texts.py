"""11th-edition rules text on paper: a primary's summary, scoring windows and actions, and
the secondary deck, as paragraphs (all in our own words, from the pack's data)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from missions.eleventh.primaries import Primary
from missions.eleventh.secondaries import SECONDARIES


def _action(name: str) -> str:
    return gettext("Action %(name)s") % {"name": name}


def primary_paragraphs(primary: Primary, style: ParagraphStyle) -> list[Paragraph]:
    """The summary, then one line per scoring window ("• rounds 2-5, end of your Command
    phase: 4 VP - ..."), then the actions the primary gives."""
    out = [Paragraph(escape(primary.summary), style)]
    out += [Paragraph(f"• {escape(w.describe())}", style) for w in primary.windows]
    out += [
        Paragraph(f"• <i>{escape(_action(a.name))}</i>: {escape(a.summary)}", style)
        for a in primary.actions
    ]
    return out


def missing_layout_paragraphs(
    letter: str, card: str, edges: str, style: ParagraphStyle
) -> list[Paragraph]:
    """In place of the map of a layout the data lacks: where the table is set up from, and the
    one fact the data has of it (which edges the zones stand on)."""
    missing = gettext("Layout %(letter)s is not in our data.") % {"letter": letter}
    return [
        Paragraph(f"<b>{escape(missing)}</b>", style),
        Paragraph(f"<b>{escape(card)}</b>", style),
        Paragraph(escape(edges), style),
    ]


def secondary_paragraphs(style: ParagraphStyle) -> list[Paragraph]:
    """The deck: each card's name, whether it can be Fixed, and its summary."""
    out = []
    for card in SECONDARIES:
        kind = gettext("Fixed or Tactical") if card.fixed_capable else gettext("Tactical")
        out.append(
            Paragraph(
                f'<font color="#7a1f1f"><b>{escape(card.name)}</b></font> '
                f'<font color="#667085">({kind})</font> {escape(card.summary)}',
                style,
            )
        )
    return out

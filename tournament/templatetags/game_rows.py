"""`{% game_rows games %}`: a round's game rows, each rendered once per content and language
(tournament/views/game_rows.py)."""

from __future__ import annotations

from django import template

from tournament.views.game_rows import game_rows_html

register = template.Library()
register.simple_tag(game_rows_html, name="game_rows")

"""The pairings and event pages' game rows are rendered once per content and language
(tournament/views/game_rows.py): a part made again after a result renders only the row that
changed, and a kept row is never given for a game that changed, in another language or with
other marks."""

import pytest

from tournament.caching.cached import MAX_LAG_S
from tournament.services.players.penalties import penalty_give
from tournament.services.results.results import result_enter
from tournament.views import game_rows

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def rendered(monkeypatch):
    """Every row the pages render (not given from the kept ones), by its table."""
    made: list[int | None] = []
    real = game_rows.render_to_string

    def counting(template, context):
        made.append(context["row"].table_number)
        return real(template, context)

    monkeypatch.setattr(game_rows, "render_to_string", counting)
    game_rows._KEPT.clear()
    return made


def _row(html: str, table: int) -> str:
    start = html.index(f'<td class="num table-no">{table}')
    return html[html.rindex("<tr", 0, start) : html.index("</tr>", start)]


@pytest.fixture
def setting(event, played, organiser, clock):
    return {"event": event, "played": played, "organiser": organiser, "clock": clock}


@pytest.mark.parametrize("url", ["/events/{e}/pairings/?round=1&by=table", "/events/{e}/"])
def test_a_result_renders_its_row_again_and_no_other(anon, setting, rendered, url):
    event, played, organiser, clock = setting.values()
    url = url.format(e=event.pk)
    before = anon.get(url, **HTMX).content.decode()
    assert sorted(rendered) == [1, 2, 3, 4]
    game = played.games.get(table_number=2)
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    clock[0] += MAX_LAG_S
    rendered.clear()
    after = anon.get(url, **HTMX).content.decode()
    assert rendered == [2]
    assert "70–30" in _row(after, 2)
    assert "70–30" not in _row(before, 2)
    assert 'class="final"' in _row(after, 2)  # entered by the organiser: it counts at once
    for table in (1, 3, 4):
        assert _row(after, table) == _row(before, table)


@pytest.mark.usefixtures("rendered")
def test_a_kept_row_follows_the_language_and_the_penalty_marks(anon, setting):
    event, played, organiser, clock = setting.values()
    url = f"/events/{event.pk}/pairings/?round=1&by=table"
    english = _row(anon.get(url, **HTMX).content.decode(), 1)
    german = _row(anon.get(url, HTTP_ACCEPT_LANGUAGE="de", **HTMX).content.decode(), 1)
    assert ">vs<" in english
    assert ">vs.<" in german
    game = played.games.get(table_number=1)
    penalty_give(event=event, user=organiser, player_id=game.player_a_id, kind="yellow_card",
                 round_number=1, reason="Slow play")  # fmt: skip
    clock[0] += MAX_LAG_S
    marked = _row(anon.get(url, **HTMX).content.decode(), 1)
    assert "penalty-yellow_card" in marked
    assert "penalty-mark" not in english
    assert "Slow play" not in marked  # the public never reads the reason

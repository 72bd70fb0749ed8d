"""An id in a path may be any number of digits: one past what a row can hold is not found (404
JSON naming the game), never a server error from the database driver."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

HUGE = 107941218184782242541106888704


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", f"/api/games/{HUGE}/tracker/", None),
        ("post", f"/api/games/{HUGE}/tracker/", {"action": "start"}),
        ("post", f"/api/games/{HUGE}/result/", {"vp_a": 60, "vp_b": 50}),
        ("post", f"/api/games/{HUGE}/result/confirm/", {}),
        ("get", f"/api/games/{HUGE}/", None),
    ],
)
def test_an_id_no_row_can_have_is_not_found(api, method, path, body):
    response = (
        getattr(api, method)(path, body, format="json")
        if body is not None
        else (getattr(api, method)(path))
    )
    assert response.status_code == 404, response.content
    assert response.json()["error_codes"]

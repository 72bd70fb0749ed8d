from __future__ import annotations

import pytest
from django.core.management import call_command

from tournament.models import Event


@pytest.fixture
def demo(db):
    call_command("load_demo")
    return Event.objects.get()

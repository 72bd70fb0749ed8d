from __future__ import annotations

import pytest
from django.core.management import call_command

from tournament.models import Event


@pytest.fixture
def demo(db):
    from tournament.management.commands.load_demo import DEMO_NAME

    call_command("load_demo")
    return Event.objects.get(name=DEMO_NAME)

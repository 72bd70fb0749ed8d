import pytest
pytestmark = [pytest.mark.django_db(transaction=True)]

def test_scratch(live_server, new_page):
    from django.core.management import call_command
    from tournament.models import Event
    call_command("load_demo")
    e = Event.objects.get()
    page = new_page()
    page.goto(f"{live_server.url}/events/{e.pk}/")
    print(page.evaluate("() => [getComputedStyle(document.querySelector('.tabs')).marginLeft, getComputedStyle(document.querySelector('main')).paddingLeft, getComputedStyle(document.querySelector('.tabs')).width]"))

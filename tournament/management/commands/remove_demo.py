"""Remove the demo from a database that is to be served (`manage.py serve` says when).

The demo organiser's password is printed in the README. The demo events it organises are
deleted (through the service, files and all) and so is the account; an account that still runs
another event is kept, with its password disabled, so nothing of a real event is lost.
"""

from django.core.management.base import BaseCommand

from ops.demo import demo_accounts
from tournament.management.commands.load_demo import DEMO_11_NAME, DEMO_NAME
from tournament.models import Event
from tournament.services.events.events import event_delete


class Command(BaseCommand):
    help = "Delete the demo events and the demo organiser account (before `make serve`)."

    def handle(self, *args, **options):
        accounts = demo_accounts()
        if not accounts:
            self.stdout.write("No demo organiser account signs in here: nothing to remove.")
            return
        for user in accounts:
            for event in Event.objects.filter(staff=user, name__in=(DEMO_NAME, DEMO_11_NAME)):
                name = event_delete(event=event, user=user, confirm=event.name)
                self.stdout.write(f"Deleted the demo event {name}.")
            others = list(Event.objects.filter(staff=user).values_list("name", flat=True))
            if others:
                user.set_unusable_password()
                user.save(update_fields=["password"])
                self.stdout.write(
                    f"Kept the account {user.get_username()} (it runs {', '.join(others)}) with "
                    "its password disabled: give it a new one with `manage.py changepassword "
                    f"{user.get_username()}`."
                )
            else:
                user.delete()
                self.stdout.write(f"Deleted the demo account {user.get_username()}.")

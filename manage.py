#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    # `manage.py serve` is the venue server (what `make serve` runs): with nothing set it takes
    # the venue settings, not the debug ones it would refuse to serve with.
    serving = sys.argv[1:2] == ["serve"]
    default = "config.settings.venue" if serving else "config.settings.local"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default)
    from django.core.management import execute_from_command_line  # noqa: PLC0415 - after env

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

"""Printed documents of team events, on the tournament app's reportlab base."""

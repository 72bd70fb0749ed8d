"""Pushing changes to phones: one poller per process (feed.py) and the push server (server.py)."""

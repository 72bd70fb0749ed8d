"""The game clock: a two-sided chess clock over integer milliseconds (pure, no Django)."""

"""Pure rules of the people app: how a player is matched to a person (no Django)."""

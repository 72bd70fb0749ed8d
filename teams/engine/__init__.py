"""Pure engines of team events (no Django): game and match scoring, team standings, team Swiss."""

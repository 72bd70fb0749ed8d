"""Table-driven older mission packs (8th edition matched play, 7th edition, Only War).

Pure data and generation: no Django. A classic pack rolls dice on printed tables instead of
drawing cards, so it has its own shapes (`types`), maps (`maps`) and generator (`generator`).
"""

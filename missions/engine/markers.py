"""Objective markers for a mission: the deployment map's markers changed by mission rules
and the primary, expressed as marker tags and roles rather than separate maps.

Pipeline: base markers (printed, or placed by players under Chosen Battlefield) -> Hidden
Supplies moves/adds -> primary removals and roles."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from missions.engine.placement import PlacementRules, check_placement, placement_rules
from missions.pack.geometry import DeploymentMap, Marker, Point, Tag

HIDDEN_SUPPLIES_SHIFT = 6.0

# Roles a primary gives markers (by card key), applied to No Man's Land or to all markers.
_NML_ROLES = {
    "sites_of_power": "site_of_power",
    "deploy_servo_skulls": "servo_skull",
    "supply_drop": "supply_drop",
}
_ALL_ROLES = {"scorched_earth": "burnable"}


@dataclass(frozen=True)
class MarkerPlan:
    """Markers in play at the start of the battle, those the mission removed, and for
    Chosen Battlefield the placement rules instead of fixed positions."""

    markers: tuple[Marker, ...]
    removed: tuple[Marker, ...] = ()
    placement: PlacementRules | None = None
    hidden_supplies_corners: tuple[Point, ...] = ()
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "markers": [m.to_dict() for m in self.markers],
            "removed_markers": [m.to_dict() for m in self.removed],
            "notes": list(self.notes),
        }
        if self.placement is not None:
            out["placement"] = self.placement.to_dict()
        return out


def hidden_supplies_corners(dmap: DeploymentMap) -> tuple[Point, ...]:
    """Corners the centre marker may move towards: those No Man's Land touches, else any."""
    return dmap.nml_corners() or dmap.corners


def hidden_supplies(
    dmap: DeploymentMap, markers: Sequence[Marker], corner: Point | None = None
) -> tuple[Marker, ...]:
    """Move the centre marker 6" towards `corner` and add one 6" towards the opposite corner."""
    allowed = hidden_supplies_corners(dmap)
    corner = allowed[0] if corner is None else corner
    if corner not in allowed:
        from missions.pack.errors import MissionError  # noqa: PLC0415

        raise MissionError(
            "bad_corner",
            f"corner: {corner} is not a corner Hidden Supplies may move the centre marker towards",
            field="corner",
        )
    cx, cy = dmap.centre
    dx, dy = corner[0] - cx, corner[1] - cy
    scale = HIDDEN_SUPPLIES_SHIFT / math.hypot(dx, dy)
    moved_to = (cx + dx * scale, cy + dy * scale)
    new_at = (cx - dx * scale, cy - dy * scale)
    out = [
        replace(
            m,
            x=moved_to[0],
            y=moved_to[1],
            moved_from=m.point,
            tag=dmap.tag_at(moved_to),
            roles=(*m.roles, "hidden_supplies_moved"),
        )
        if m.id == "centre"
        else m
        for m in markers
    ]
    out.append(Marker("hidden_supplies", *new_at, dmap.tag_at(new_at), ("hidden_supplies",)))
    return tuple(out)


def _closest_nml(dmap: DeploymentMap, markers: Sequence[Marker]) -> Marker | None:
    nml = [m for m in markers if m.tag is Tag.NO_MANS_LAND]
    # Ties (Hidden Supplies makes two markers 6" from the centre) keep the earlier marker.
    return min(nml, key=lambda m: math.dist(m.point, dmap.centre), default=None)


def apply_primary(
    dmap: DeploymentMap,
    markers: Sequence[Marker],
    primary: str,
    supply_drop: tuple[str, str] | None = None,
) -> tuple[tuple[Marker, ...], tuple[Marker, ...]]:
    """(in play, removed) after the primary's set-up removals and marker roles."""
    keep, removed = list(markers), []
    closest = _closest_nml(dmap, markers)
    if primary == "vital_ground" and closest is not None:
        keep.remove(closest)
        removed.append(closest)
    elif primary == "the_ritual":
        gone = [m for m in keep if m.tag is Tag.NO_MANS_LAND and m is not closest]
        keep = [m for m in keep if m not in gone]
        removed.extend(gone)
        keep = [_with_role(m, "ritual") if m is closest else m for m in keep]
    role = _NML_ROLES.get(primary)
    if role:
        keep = [_with_role(m, role) if m.tag is Tag.NO_MANS_LAND else m for m in keep]
    if primary in _ALL_ROLES:
        keep = [_with_role(m, _ALL_ROLES[primary]) for m in keep]
    if primary == "supply_drop" and supply_drop:
        alpha, omega = supply_drop
        keep = [_with_role(m, "alpha") if m.id == alpha else m for m in keep]
        keep = [_with_role(m, "omega") if m.id == omega else m for m in keep]
    return tuple(keep), tuple(removed)


def _with_role(m: Marker, role: str) -> Marker:
    return m if role in m.roles else replace(m, roles=(*m.roles, role))


def plan_markers(
    dmap: DeploymentMap,
    rules: Sequence[str],
    primary: str,
    *,
    corner: Point | None = None,
    supply_drop: tuple[str, str] | None = None,
    placed: Sequence[Point] | None = None,
) -> MarkerPlan:
    """The objective markers for a mission given card keys of its rules and primary.

    Chosen Battlefield without `placed` positions returns only placement rules; with them,
    the placement is validated (raises `bad_placement`) and the primary applied to it."""
    hidden = "hidden_supplies" in rules
    notes: list[str] = []
    if "chosen_battlefield" in rules:
        prules = placement_rules(dmap, extra_nml=1 if hidden else 0)
        if placed is None:
            if primary in {"vital_ground", "the_ritual"}:
                notes.append("primary removals apply after all markers are placed")
            return MarkerPlan((), placement=prules, notes=tuple(notes))
        base = check_placement(dmap, prules, placed)
        keep, removed = apply_primary(dmap, base, primary, supply_drop)
        return MarkerPlan(keep, removed, prules, notes=tuple(notes))
    base: tuple[Marker, ...] = dmap.markers
    corners: tuple[Point, ...] = ()
    if hidden:
        corners = hidden_supplies_corners(dmap)
        base = hidden_supplies(dmap, base, corner)
        if primary == "the_ritual":
            notes.append(
                "two No Man's Land markers tie for closest to the centre: players "
                "may keep either; the moved centre marker is shown"
            )
    keep, removed = apply_primary(dmap, base, primary, supply_drop)
    return MarkerPlan(keep, removed, hidden_supplies_corners=corners, notes=tuple(notes))


def supply_drop_candidates(dmap: DeploymentMap, rules: Sequence[str]) -> tuple[str, ...]:
    """Ids of markers that may be drawn as Alpha/Omega (No Man's Land at the start)."""
    plan = plan_markers(dmap, rules, "supply_drop")
    return tuple(m.id for m in plan.markers if m.tag is Tag.NO_MANS_LAND)

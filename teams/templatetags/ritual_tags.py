"""What the ritual page asks a side to do at the current step, in words."""

from django import template

register = template.Library()


@register.filter
def prompt(ritual: dict, side: str) -> str:
    other = "b" if side == "a" else "a"
    step = ritual["step"]
    if step == "champion":
        return "Name your champion: they play the other team's champion."
    if step == "defender":
        return "Put forward your defender."
    if step == "attackers":
        defender = ritual["current"]["defender"][other]["name"]
        return f"Put forward two attackers against {defender}."
    if step == "choice":
        defender = ritual["current"]["defender"][side]["name"]
        return f"Choose the attacker who plays {defender}; the other goes back."
    return ""

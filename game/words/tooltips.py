"""The tooltips of a hex, of a building area, of a party and of a player's row."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine import AreaView, HexView, MovementView, Ruleset, View

from .lookup import text
from .names import _capital, _item, _vp, card_text, card_title, count, items, join, place, unit, who, whose


def area_bp(area: AreaView, rules: Ruleset, tiles: Mapping[str, str]) -> str:
    """A building area's BP and where it lies (its first three hexes by name) (B1)."""
    hexes = [place(h, rules, tiles).split(" (")[0] for h in area["hexes"][:3]]
    more = "…" if len(area["hexes"]) > 3 else ""
    return text("ui.area_bp", bp=text("bp", n=area["bp"]), hexes=text("list.sep").join(hexes) + more)


def explorer_knots(player: str, knots: int) -> str:
    return text("ui.explorer_knots", player_s=whose(player), knots=unit("knots", knots))


# --- a party (M4) --------------------------------------------------------------------------------------------

def party_summary(movement: MovementView, rules: Ruleset, tiles: Mapping[str, str]) -> str:
    """The mover's party (in their own view) in one line, for the decision bar, which keeps its height beside
    home: where it stands, its pieces counted, how far it may still sail (its slowest canoe or rumor: M4)."""
    party, hex_ = movement["party"], place(movement["party_at"], rules, tiles)
    pieces = Counter([b["canoe"] for b in party["boats"]] + ["rumor"] * len(party["rumors"]) +
                     [b["passenger"] for b in party["boats"] if b["passenger"]] + party["walkers"])
    if not pieces:
        return text("ui.party", hex=hex_, boats=text("ui.party.empty"))
    moves = [b["moves_left"] for b in party["boats"]] + party["rumors"]
    if not moves:                                        # only pieces walking (A4)
        return text("ui.party", hex=hex_, boats=items(pieces))
    return text("ui.party.summary", hex=hex_, pieces=items(pieces), moves=unit("hexes", min(moves)))


def party_lines(movement: MovementView) -> list[str]:
    """The mover's party piece by piece (the details, shown on hover or focus): each canoe with its passenger
    and moves left, each rumor, each piece walking."""
    party = movement["party"]
    boats = [text("ui.boat", canoe=_capital(_item(b["canoe"])), moves=unit("hexes", b["moves_left"]),
                  passenger=text("ui.boat.passenger", a_piece=_item(b["passenger"], "a")) if b["passenger"] else "")
             for b in party["boats"]]
    boats += [text("ui.boat", canoe=_capital(_item("rumor")), moves=unit("hexes", m), passenger="")
              for m in party["rumors"]]
    return [text("ui.party.inside"), *boats, *(_capital(_item(w)) for w in party["walkers"])]


# --- the tooltip of a hex --------------------------------------------------------------------------------------

def hex_lines(record: HexView | None, label: str, kind: str, rules: Ruleset,
              tiles: Mapping[str, str]) -> list[str]:
    """What the tooltip says about a hex: its name and label, then what is there (from the view only)."""
    out = [place(label, rules, tiles)]
    record = record or {"hex": label}
    if kind == "unknown" and not (record.get("ocean") or "tile" in record):
        out.append(text("tip.unknown"))
    elif kind == "ocean":
        out.append(text("tip.ocean"))
    if "face_up" in record:
        if record["face_up"]:
            out.append(text("tip.tile.face_up", tile=record.get("tile")))
        else:
            players = join(record.get("discovered_by", []))
            known = ".known" if record.get("tile") else ""
            nobody = "" if record.get("discovered_by") else ".nobody"      # never "(discovered by nothing)"
            out.append(text(f"tip.tile.face_down{known}{nobody}", tile=record.get("tile"), players=players))
    if record.get("ocean"):
        out.append(text("tip.explored_ocean"))
    squares = record.get("squares")
    if squares:
        out.append(text("tip.villages", built=squares["green_built"] + squares["brown_built"],
                        squares=squares["green"] + squares["improved"], green=squares["green"],
                        brown=squares["brown"], improved=squares["improved"]))
    owner = record.get("controller")
    if owner:
        out.append(text("tip.independent") if owner == "independent" else text("tip.controlled", player=owner))
    for player, stack in record.get("stacks", {}).items():
        kinds = stack.get("kinds")
        pieces = items(kinds) if kinds else count(stack["pieces"], "face_down_piece")
        out.append(text("tip.stack.canoe_up" if stack.get("face_up_canoe") else "tip.stack", player=who(player),
                        pieces=pieces))
    return out


# --- the tooltip of a player's row -------------------------------------------------------------------------------

def player_lines(view: View, name: str, rules: Ruleset) -> list[str]:
    """What the tooltip of a player's row says: VP, the face-up cards with their text (public), the viewer's
    own hidden cards with theirs (the others' are only counted, X9), and the pieces left to build (B1.6)."""
    player = next(p for p in view["players"] if p["name"] == name)
    out = [text("tip.player", player=name, vp=_vp(player["vp"]), threshold=view["threshold"])]
    out += [text("tip.card.shown", card=card_title(key, rules), text=card_text(key, rules))
            for key in player["cards_shown"]]
    if name == view["you"]:
        out += [text("tip.card.hand", card=card_title(key, rules), text=card_text(key, rules)) for key in view["hand"]]
    elif player["cards_in_hand"]:
        out.append(unit("tip.hidden_cards", player["cards_in_hand"]))
    supply = player["supply"]
    if supply is None:                    # another player's: the pile's height only (X33)
        out.append(unit("tip.supply_total", player["supply_total"]))
    elif supply:
        out.append(text("tip.supply", pieces=items(supply)))
    return out

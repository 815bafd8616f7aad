"""The client's words: events, actions and decisions as English sentences, each with its rule number.

The log panel, the action list and the HUD line speak through this module. It reads only what the client has:
the JSON-ready dicts of `engine.observe()`, `engine.Action` values and the frozen `engine.Ruleset` (hex names,
card, tile and event titles), never a GameState (ruling X9).

Every English string the client draws is a template in `EN`, looked up through `text()`, so that other catalogs
(French, Italian, Korean) can be added beside it later without touching the functions. A rule number is data,
not words: it lives in the tables `EVENT_RULES` and `ACTION_RULES`, and for the pending decision in the view's
`decision`, which the engine makes: this module words facts, it never works them out from the log.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from engine import Action, AreaView, HexView, LogEntry, Reason, Ruleset, SaveError, View, views

from . import catalog

# --- the catalog ------------------------------------------------------------------------------------------------

EN: dict[str, str | tuple[str, str]] = {
    # grammar bits
    "list.none": "nothing",
    "list.sep": ", ",
    "list.two": "{first} and {second}",
    "list.start": "{first}, {rest}",
    "list.end": "{rest} and {last}",
    "possessive": "{name}'s",
    "vp.half": "{whole}½",
    "signed": "{sign}{n}",
    "place.named": "{name} ({label})",
    "place.south_america": "South America",
    "place.galapagos": "Galapagos Islands",
    "place.unfortunate": "Unfortunate Islands",
    "who.independent": "the islanders",
    "who.independent.possessive": "the islanders'",
    "side.attacker": "the attacker",
    "side.defender": "the defender",
    "direction.cw": "clockwise",
    "direction.ccw": "counter-clockwise",
    "knots": ("{n} knot", "{n} knots"),
    "hexes": ("{n} hex", "{n} hexes"),
    "bp": "{n} BP",
    # steps
    "step.turn_order": "Turn order",
    "step.exploration": "Exploration",
    "step.movement": "Movement & Battle",
    "step.building": "Building",
    "step.victory": "Victory",
    "step.over": "Game over",
    # things on the board: "a" (with its article), "one" and "many"
    "item.transport_canoe.a": "a transport canoe",
    "item.transport_canoe.one": "transport canoe",
    "item.transport_canoe.many": "transport canoes",
    "item.transport_canoe.n": ("{n} transport canoe", "{n} transport canoes"),
    "item.war_canoe.a": "a war canoe",
    "item.war_canoe.one": "war canoe",
    "item.war_canoe.many": "war canoes",
    "item.war_canoe.n": ("{n} war canoe", "{n} war canoes"),
    "item.warrior_band.a": "a warrior band",
    "item.warrior_band.one": "warrior band",
    "item.warrior_band.many": "warrior bands",
    "item.warrior_band.n": ("{n} warrior band", "{n} warrior bands"),
    "item.colony.a": "a colony",
    "item.colony.one": "colony",
    "item.colony.many": "colonies",
    "item.colony.n": ("{n} colony", "{n} colonies"),
    "item.rumor.a": "a rumor",
    "item.rumor.one": "rumor",
    "item.rumor.many": "rumors",
    "item.rumor.n": ("{n} rumor", "{n} rumors"),
    "item.local_warrior.a": "a local warrior",
    "item.local_warrior.one": "local warrior",
    "item.local_warrior.many": "local warriors",
    "item.local_warrior.n": ("{n} local warrior", "{n} local warriors"),
    "item.village.a": "a village",
    "item.village.one": "village",
    "item.village.many": "villages",
    "item.village.n": ("{n} village", "{n} villages"),
    "item.improved_agriculture.a": "improved agriculture",
    "item.improved_agriculture.one": "improved agriculture",
    "item.improved_agriculture.many": "improved agriculture",
    "item.improved_agriculture.n": ("{n} improved agriculture", "{n} improved agriculture"),
    "item.piece.a": "a piece",
    "item.piece.one": "piece",
    "item.piece.many": "pieces",
    "item.piece.n": ("{n} piece", "{n} pieces"),
    "item.face_up_canoe.a": "a face-up transport canoe",
    "item.face_up_canoe.one": "face-up transport canoe",
    "item.face_up_canoe.many": "face-up transport canoes",
    "item.face_up_canoe.n": ("{n} face-up transport canoe", "{n} face-up transport canoes"),
    # discovery markers (the `marker` chance action)
    "marker.island": "an island group marker ({knots})",
    "marker.ocean": "an open ocean marker ({knots})",
    "marker.off_course": "an off-course marker",
    # battle die results (M8.4)
    "die.attacker_removed": "{attacker} loses a combat piece",
    "die.attacker_panics": "one of {attacker_s} combat pieces panics",
    "die.defender_panics": "one of {defender_s} combat pieces panics",
    "die.defender_removed": "a combat piece of {defender} is removed",
    # the Kumara table (A5)
    "kumara.lost": "the explorer is lost",
    "kumara.return": "the explorer must turn back",
    "kumara.off_course": "the explorer drifts off course",
    "kumara.explore": "the explorer sails on",

    # --- events (the log) ---
    "event.game_started": "A new game begins: {players}.",
    "event.game_started.options": "A new game begins: {players}, with {options}.",
    "option.with_value": "{title} ({value})",
    "event.warning": "Warning: {text}.",
    "event.step_started": "Turn {turn}: {step}.",
    "event.step_started.setup": "Before turn 1: free building at home.",
    "event.turn_order_marker": "{player} takes the turn-order marker.",
    "event.turn_order": "{chooser} has {first} play first, {direction}: {order}.",
    "event.turn_order.self": "{chooser} plays first, {direction}: {order}.",
    "event.turn_order.two": "{chooser} has {first} play first.",
    "event.turn_order.self_two": "{chooser} plays first.",
    "event.explorer_back": "{player_s} explorer is back from the Lost box and sits out this exploration.",
    "event.exploration_skipped": "{player} skips this turn's exploration.",
    "event.explorer_moved": "{player_s} explorer moves to {to}.",
    "event.explorer_moved.premove": "{player_s} explorer sets out for {to}.",
    "event.explorer_enters": "{player_s} explorer heads into {hex}.",
    "event.explorer_enters.steered": "{chosen_by} steers {player_s} explorer into {hex}.",
    "event.tile_seen": "The face-down tile at {hex} is {tile} (seen by you alone).",
    "event.tile_drawn": "The tile drawn for {hex} is {tile} (seen by you alone).",
    "event.marker_drawn": "{player_s} explorer draws a discovery marker at {hex} ({knots}).",
    "event.marker_drawn.island": "{player_s} explorer discovers an island group at {hex} ({knots}).",
    "event.marker_drawn.ocean": "{player_s} explorer finds open ocean at {hex} ({knots}).",
    "event.marker_drawn.off_course": "{player_s} explorer goes off course on the way to {hex}.",
    "event.off_course": "{chooser} chooses where {player_s} explorer drifts.",
    "event.off_course_stuck": "{player_s} explorer has nowhere to drift: it stays, with a penalty marker.",
    "event.tile_placed": "{player} places a face-down tile at {hex}.",
    "event.tile_kept": "{player} keeps the tile at {hex} face down under a discovered-island marker.",
    "event.tile_revealed": "{by} reveals {tile} at {hex}.",
    "event.penalty_marker": "{player_s} explorer takes a {knots}-knot penalty marker at {hex}.",
    "event.explorer_returned": "{player_s} explorer returns home after {hexes} ({knots}).",
    "event.explorer_returned.none": "{player_s} explorer returns home without exploring.",
    "event.explorer_lost": "{player_s} explorer is lost at sea ({knots})!",
    "event.kumara_search": "{player_s} explorer sets out from {hex} in search of kumara.",
    "event.kumara_roll": "{player} rolls {face} on the way to South America: {result}.",
    "event.galapagos_marker": "{player} takes a +1 Galapagos marker at {hex}.",
    "event.kumara": "{player} takes a Kumara ({vp} VP).",
    "event.kumara.voyage": "{player} brings kumara back from South America ({vp} VP)!",
    "event.kumara.conquest": "{player} takes a Kumara by conquest ({vp} VP).",
    "event.south_island_placed": "{tile}, the South Island, is placed at {hex}.",
    "event.south_island_lost": "The South Island finds no room beside Aotearoa at {hex} and leaves the game.",
    "event.tile_removed": "The face-down tile at {hex} leaves play to make room for the South Island.",
    "event.transit": "{player} sends {what} along the transit chain from {source} to {to}.",
    "event.transit_ended": "{player} ends Transit.",
    "event.stack_moved": "{player} moves {what} from {source} to {to}.",
    "event.canoe_face_down": "{player_s} face-up transport canoe at {hex} sets out and turns face down.",
    "event.canoe_face_up": "{player} turns a transport canoe face up at {hex}.",
    "event.war_canoes_stopped": "{player_s} war canoes must stop at {hex}.",
    "event.war_canoes_stopped.enemy_ig": "{player_s} war canoes must stop at {hex}, an enemy island group.",
    "event.war_canoes_stopped.enemy_war_canoe": "{player_s} war canoes must stop at {hex}: enemy war canoes "
                                                "are there.",
    "event.rumor_removed": "{player_s} rumor at {hex} is removed.",
    "event.battle_announced": "{attacker} attacks {defender} at {hex}; {defender} may call the attack off.",
    "event.battle_started": "Battle at {hex}: {attacker} ({attacker_pieces}) against {defender} "
                            "({defender_pieces}).",
    "event.battle_started.villages": "Battle at {hex}: {attacker} ({attacker_pieces}) against {defender} "
                                     "({defender_pieces}), {villages} at stake.",
    "event.battle_won_at_once": "{attacker} wins at {hex} at once: nobody there can fight.",
    "event.battle_card": "{player} plays {card} in the battle at {hex}.",
    "event.die_rolled": "The battle die at {hex} shows {face}: {result}.",
    "event.die_rolled.modified": "The battle die at {hex} shows {face}, {modifier} with a card: {result}.",
    "event.reroll": "The roll at {hex} is taken again.",
    "event.piece_panicked": "{player_s} {piece} panics at {hex}.",
    "event.piece_removed": "{player_s} {piece} at {hex} is removed.",
    "event.battle_won": "The battle at {hex} goes to {winner}, against {loser}.",
    "event.attack_cancelled": "The attack at {hex} is called off.",
    "event.retreat": "{player} retreats {what} from {source} to {to}.",
    "event.retreat.lost": "{player} retreats {what} from {source} to {to} and loses {lost} left without a canoe.",
    "event.retreat.all_lost": "{player} loses {lost} at {source}: no canoe can carry them away.",
    "event.retreat.nowhere": "{player} has nowhere to retreat from {source} and loses {lost}.",
    "event.battle_over": "The battle at {hex} is over.",
    "event.village_saved": "{player} gives up {a_piece} to save a village at {hex}.",
    "event.conquest": "{player} conquers {hex} and keeps {saved}.",
    "event.conquest.razed": "{player} conquers {hex}; its villages are razed and nobody controls it.",
    "event.home_lost": "{player} has lost their home!",
    "event.new_home": "{player} makes {hex} their new home.",
    "event.build_planned": "{player} plans {a_item} at {hex}.",
    "event.build_planned.convert": "{player} plans to turn a colony at {hex} into a village.",
    "event.build_planned.card": "{player} plans to buy an Arts & Culture card.",
    "event.build_planned.internal_rotation": "{player} plans an internal rotation: the explorer goes to the Lost "
                                             "box for 1 BP.",
    "event.build_planned.card_power": "{player} plans to use {card}.",
    "event.build_planned.saved_build_point": "{player} plans to save 1 BP for later.",
    "event.build_planned.settle": "{player} plans to settle a colony at {hex}.",
    "event.build_planned.face_up_canoe": "{player} plans to put the new transport canoe at {hex} face up.",
    "event.build_planned.event": "{player} plans to play the event {card}.",
    "event.building_done": "{player} has finished building.",
    "event.built": "{player} builds at {hex}: {items}.",
    "event.built_kinds": "{player_s} new pieces at {hex}: {items}.",
    "event.built_kinds.none": "{player} builds no new pieces at {hex}.",
    "event.internal_rotation": "{player_s} explorer goes to the Lost box for 1 BP (internal rotation).",
    "event.saved_build_point": "{player} keeps {saved} for a later Building step.",
    "event.saved_build_point.spent": "{player} spends their saved BP.",
    "event.settled": "{player_s} colony at {hex} becomes its first village.",
    "event.card_bought": "{player} draws an Arts & Culture card.",
    "event.card_drawn": "{player} draws {card} (kept secret).",
    "event.card_not_drawn": "The deck is empty: {player} draws no card and does not spend the 2 BP.",
    "event.card_revealed": "{player} reveals {card}.",
    "event.card_used": "{player} uses {card}.",
    "event.vp_changed": "{player} now has {new} VP (was {old}).",
    "event.victory_claimed": "{player} claims victory!",
    "event.claim_failed": "{player_s} claim fails: {vp} VP is not enough.",
    "event.game_over": "Game over: {winners} wins! Final VP: {scores}.",
    "event.game_over.many": "Game over: {winners} win! Final VP: {scores}.",
    "event.game_over.shared": "Game over: {winners} share the victory! Final VP: {scores}.",
    "event.game_over.none": "Game over: nobody wins. Final VP: {scores}.",
    "score": "{player} {vp}",
    "event.event_tie": "{chooser} chooses: {drawer} draws the event card, {marker} takes the turn-order marker.",
    "event.event_kept": "{player} draws an event card and keeps it secret.",
    "event.event_drawn": "{player} keeps the event {card} (kept secret).",
    "event.event_revealed": "{player} draws the event {card}.",
    "event.event_played": "{player} plays the event {card}.",
    "event.event_without_effect": "{player_s} event has no effect.",
    "event.village_lost": "{player} loses a village at {hex}.",
    "event.village_lost.malaria": "Malaria strikes {hex}: {player} loses a village.",
    "event.build_points_lost": "{players} lose {bp} in the coming Building step.",
    "event.build_points_lost.one": "{players} loses {bp} in the coming Building step.",
    "event.build_points_gained": "{player} gains {bp} for the coming Building step.",
    "event.village_built": "{player} gets a free village at {hex}.",
    "event.improved_agriculture_built": "{player} gets free improved agriculture at {hex}.",
    "event.pieces_gained": "{player} gets {what} at home for free.",
    "event.pieces_gained.none": "{player} has no {piece} left to take.",
    "event.favourable_winds": "Favourable winds: {player_s} canoes sail further this turn.",
    "event.pieces_sunk": "The sea takes {what} at {hex}: {losses}.",
    "event.pieces_sunk.none": "The sea takes nothing at {hex}.",
    "loss": "{player} loses {what}",
    "event.malaria_begins": "Malaria has reached the islands: from now on a die strikes a malaria island group "
                            "every turn.",
    "event.malaria_roll": "{roller} rolls {face} for malaria: it strikes {hex}.",

    # --- actions (imperatives a player clicks) ---
    "action.order": "{first} plays first, {direction}",
    "action.order.two": "{first} plays first",
    "action.end": "End your part of this step",
    "action.end.exploration": "End your exploration",
    "action.end.explore_not": "Do not explore this turn",
    "action.end.transit": "End Transit",
    "action.end.movement": "End your movement (battles follow)",
    "action.end.building": "Finish building",
    "action.premove": "Send your explorer to {hex}",
    "action.explore": "Explore {hex}",
    "action.marker": "The cup gives {marker}",
    "action.tile": "The tile stack gives {tile}",
    "action.keep": "Keep the tile face down",
    "action.reveal": "Reveal the tile",
    "action.course": "Steer the explorer off course to {hex}",
    "action.cross": "Cross {hex} (2-knot penalty)",
    "action.return": "Return your explorer home",
    "action.flip": "Turn your tile at {hex} face up",
    "action.transit": "Send {a_piece} by transit from {source} to {to}",
    "action.party": "Form a party at {hex}",
    "action.take": "Add {a_piece} to the party",
    "action.take.chain_canoe": "Add the face-up transport canoe to the party (it turns face down: X19)",
    "action.take.walker": "Take {a_piece} along on foot",
    "action.take.aboard": "Put {a_piece} aboard {a_canoe}",
    "action.take.face_up": "Add the face-up transport canoe to the party (it turns face down: X19)",
    "action.take.named": "Put {a_piece} aboard canoe {n} ({canoe})",
    "action.take.named_fresh": "Put {a_piece} not yet moved aboard canoe {n}",
    "action.leave": "Leave {a_piece} here",
    "action.leave.canoe": "Leave an empty {piece} here",
    "action.leave.aboard": "Put the {piece} from {a_canoe} ashore here",
    "action.go": "Move the party to {hex}",
    "action.done": "Stop the party here",
    "action.done.raise": "Leave the canoes face down",
    "action.raise": "Turn a transport canoe face up at {hex}",
    "action.battle": "Fight the battle at {hex} next",
    "action.die": "The die shows {face}",
    "action.panic": "Let {a_piece} panic",
    "action.lose": "Lose {a_piece}",
    "action.retreat": "Retreat to {hex}",
    "action.carry": "Carry {a_piece} in the retreat",
    "action.save": "Give up {a_piece} to save a village",
    "action.raze": "Save no more villages",
    "action.home": "Make {hex} your new home",
    "action.withdraw": "Withdraw your rumor from {hex}",
    "action.build": "Build {a_item} at {hex} ({cost})",
    "action.convert": "Turn a colony at {hex} into a village",
    "action.settle": "Settle your colony at {hex} as its first village",
    "action.buy": "Buy an Arts & Culture card with {cost} from {hex}",
    "action.rotate": "Send your explorer to the Lost box for +1 BP (internal rotation)",
    "action.use": "Use {card}",
    "action.card": "The deck gives {card}",
    "action.show": "Reveal {card}",
    "action.fight": "Do not call the attack off",
    "action.roll": "Roll the die without a card",
    "action.accept": "Let the roll stand",
    "action.decline": "Let the claim stand (no Deforestation)",
    "action.save_bp": "Save 1 BP from {hex} for later",
    "action.kumara": "Search for kumara from {hex}",
    "action.sail": "Sail to {hex}",
    "action.sail.south_america": "Sail into South America",
    "action.choose.marker": "Take the turn-order marker",
    "action.choose.event": "Draw the event card",
    "action.event": "The event deck gives {card}",
    "action.target": "Aim the event at {target}",
    "action.play": "Play {card}",
    "action.play.target": "Play {card} on {target}",
    "action.claim": "Claim victory (reveal your VP cards)",
    "action.pass": "Do not claim victory",

    # --- why a gesture is refused (engine.why_not's codes) ---
    "why.with_rule": "{text} ({rule})",
    "why.game_over": "The game is over",
    "why.not_now": "That is not possible now",
    "why.nothing_here": "Nothing to do at {hex} now. {decision}: the lit hexes are where it is made",
    "why.undo_none": "Nothing to undo: your last decision showed something, drew by chance or passed the turn (X42)",
    "why.undo_opened": "Nothing to undo: undo reaches back only to decisions made since the game was opened (X42)",
    "why.premove_unknown": "The pre-move crosses known waters only: {hex} is unexplored",
    "why.premove_enemy": "The pre-move avoids enemy hexes: {hex} is one",
    "why.premove_not_beside_unknown": "The pre-move ends beside unknown waters: {hex} is not",
    "why.premove_unreachable": "No route of known, friendly hexes leads from your islands to {hex}",
    "why.explore_not_adjacent": "The explorer explores a hex next to it: {hex} is too far",
    "why.explore_printed": "{hex} is printed on the map: it is never explored",
    "why.explore_known": "{hex} is known: cross it for 2 knots, after exploring a hex",
    "why.explore_cannot": "The explorer cannot explore {hex}",
    "why.go_empty_party": "Take a canoe or a rumor into the party first",
    "why.go_not_adjacent": "A party moves one hex at a time: {hex} is not next to it",
    "why.go_unknown": "Canoes enter known hexes only: {hex} is unexplored",
    "why.go_no_moves": "A canoe of the party has no movement left",
    "why.go_garrison": "The last piece on {hex} must stay: the conquered island needs a garrison",
    "why.settle_garrison": "The colony on {hex} is your last piece there: a village is not a piece, and the "
                           "conquered island needs a garrison",
    "why.convert_garrison": "The colony on {hex} is your last piece there: a village is not a piece, and the "
                            "conquered island needs a garrison",
    "why.go_escort": "A transport canoe enters an enemy hex only with a war canoe: {hex} is enemy",
    "why.go_no_canoe": "Bands and colonies move only aboard canoes",
    "why.go_cannot": "The party cannot enter {hex}",
    "why.party_nothing": "Nothing of yours with movement left stands at {hex}",
    "why.build_not_area": "New items go only to an island group with your village: not {hex}",
    "why.build_bp": "{item} costs {cost} BP; this area has {bp}",
    "why.build_village_once": "One new village per island group per turn: {hex} has one",
    "why.build_village_room": "No free square for a village at {hex} (a brown one needs improved agriculture)",
    "why.build_ia_room": "No brown square left to improve at {hex}",
    "why.build_mix": "No {item_one} left in your supply",
    "why.build_setup_pieces": "The set-up builds are pieces only",

    # --- the table's words ---
    "ui.your_decision": "Your decision, {player}",
    # the players' panel, the top bar and the log panel (game/render/hud.py)
    "map.west": "AUSTRALIA",
    "map.east": "THE AMERICAS",
    "map.mark": "{n}{mark}",                           # an owner's stack on the map: "2W 1B"
    "map.mark.transport_canoe": "T",
    "map.mark.war_canoe": "W",
    "map.mark.warrior_band": "B",
    "map.mark.colony": "C",
    "map.mark.rumor": "R",
    "hud.turn": "Turn {turn}",
    "hud.vp_title": "Victory points  ·  {threshold} to win",
    "hud.you": "{player}  (you)",
    "hud.shown": "{n} shown",
    "hud.explorer.lost": "explorer lost",
    "hud.explorer.out": "exploring",
    "hud.hand": "Your hand",
    "hud.hand.empty": "no hidden card",
    "hud.south_america": "South America (A5)",
    "hud.kumara": "Kumara 2 VP",
    "hud.galapagos": "+1 Galapagos",
    "hud.marks": "{player}: {marks}",
    "hud.south_america.none": "nobody has sailed there yet",
    "hud.log": "Log",
    "ui.pick_first": "Choose who plays first: step with {step} to a player in the panel and press {select}",
    "ui.pick_first.mouse": "Choose who plays first: click a player in the panel",
    "ui.pick_hex": "Step to a lit hex with {step} and press {select}",
    "ui.pick_hex.mouse": "Click a lit hex on the map",
    # what pops up at a hex as the events play (game/anim.py)
    "anim.wins": "{player} wins",
    "anim.wins.many": "{player} win",
    "anim.marker.island": "island {knots}",
    "anim.marker.ocean": "ocean {knots}",
    "anim.marker.off_course": "off course!",
    "anim.built": "built",
    "anim.new_village": "new village",
    "anim.conquered": "conquered",
    "anim.battle": "battle!",
    "anim.piece_removed": "{player}'s {piece} lost",
    "anim.piece_panicked": "{player}'s {piece} panics",
    "anim.village_lost": "village lost",
    "anim.piece.transport_canoe": "transport",
    "anim.piece.war_canoe": "war canoe",
    "anim.piece.warrior_band": "band",
    "anim.piece.colony": "colony",
    "anim.piece.rumor": "rumor",
    "anim.piece.local_warrior": "local warrior",
    # the hand-off between humans at one screen (CLIENT.md)
    "handoff.title": "Pass the screen to {player}",
    "handoff.look_away": "Everyone else, look away.",
    "handoff.go": "I am {player}: show my view",
    "handoff.pin": "{player}, type your PIN",
    "handoff.wrong_pin": "Wrong PIN. Type it again.",
    "handoff.erase": "Erase",
    "handoff.pad.yours": "{player}: press {select} on controller {number}.",
    "handoff.pad.claim": "{player}: pick up a controller no other player holds and press {select}. "
                         "It is yours for this game.",
    "handoff.wait": "Wrong PIN. Wait {seconds} s before the next try.",
    "handoff.forgot": "Forgot PIN…",
    "handoff.clear": "Clear {player}'s PIN…",
    "handoff.unusable": "{player}'s saved PIN cannot be checked. Clear it if all agree.",
    "handoff.reset.title": "Clear {player}'s PIN?",
    "handoff.reset.text": "Only if every other player agrees, here at the table. {player}'s view then opens "
                          "without a PIN, and {player} may choose a new one at once while the others look away.",
    "handoff.reset.go": "We all agree: clear it",
    "padlost.title": "Controller disconnected",
    "padlost.seat": "{player}'s controller ({name}) was unplugged. The game waits. Plug it back in, or pick up "
                    "another controller, and press {select}; or go on with the keys or the mouse.",
    "padlost.any": "The controller in use ({name}) was unplugged. The game waits. Plug it back in and press "
                   "{select}, or go on with the keys or the mouse.",
    "padlost.go": "Go on",
    "pin.choose": "{player}: choose a PIN of four digits",
    "pin.again": "{player}: type the same PIN again",
    "pin.mismatch": "The two PINs differ. {player}: choose a PIN again",
    "pin.private": "The others look away. The hand-off will ask for it.",
    # the menus: title, new game, pause, end, messages (game/scenes, game/flow.py)
    "menu.new_game": "New game",
    "menu.continue": "Continue",
    "menu.settings": "Settings",
    "menu.quit": "Quit",
    "menu.title": "Title",
    "menu.back": "Back",
    "title.name": "PARADISE",
    "title.tagline": "Conquest of Paradise  ·  sail, settle and rule the Pacific",
    # button prompts: the names of the buttons and keys (game/ui/prompts.py), the hints' words, the on-screen
    # keyboard (game/ui/keyboard.py; its rows are the language's layout)
    "button.or": " / ",
    "button.keys.enter": "Enter",
    "button.keys.esc": "Esc",
    "button.keys.tab": "Tab",
    "button.keys.shift_tab": "Shift+Tab",
    "button.keys.m": "M",
    "button.keys.l": "L",
    "button.keys.p": "P",
    "button.keys.f": "F",
    "button.keys.f1": "F1",
    "button.keys.u": "U",
    "button.keys.plus": "+",
    "button.keys.minus": "\u2212",                 # a minus sign, as wide as the plus
    "button.keys.arrows": "the arrows",
    "button.keys.wasd": "WASD",
    "button.keys.backspace": "Backspace",
    "button.mouse.click": "Click",
    "button.mouse.right_click": "Right-click",
    "button.mouse.wheel": "the wheel",
    "button.mouse.drag": "Drag",
    "button.xbox.a": "A",
    "button.xbox.b": "B",
    "button.xbox.x": "X",
    "button.xbox.y": "Y",
    "button.xbox.lb": "LB",
    "button.xbox.rb": "RB",
    "button.xbox.lt": "LT",
    "button.xbox.rt": "RT",
    "button.xbox.start": "Menu",
    "button.xbox.view": "View",
    "button.xbox.dpad": "the d-pad",
    "button.xbox.rs": "the right stick",
    "button.xbox.r3": "RS",
    "button.playstation.a": "Cross",
    "button.playstation.b": "Circle",
    "button.playstation.x": "Square",
    "button.playstation.y": "Triangle",
    "button.playstation.lb": "L1",
    "button.playstation.rb": "R1",
    "button.playstation.lt": "L2",
    "button.playstation.rt": "R2",
    "button.playstation.start": "Options",
    "button.playstation.view": "Create",
    "button.playstation.dpad": "the d-pad",
    "button.playstation.rs": "the right stick",
    "button.playstation.r3": "R3",
    "button.nintendo.a": "A",
    "button.nintendo.b": "B",
    "button.nintendo.x": "X",
    "button.nintendo.y": "Y",
    "button.nintendo.lb": "L",
    "button.nintendo.rb": "R",
    "button.nintendo.lt": "ZL",
    "button.nintendo.rt": "ZR",
    "button.nintendo.start": "+",
    "button.nintendo.view": "\u2212",
    "button.nintendo.dpad": "the d-pad",
    "button.nintendo.rs": "the right stick",
    "button.nintendo.r3": "RS",
    "button.stick": "R",
    "hint.choose": "Choose",
    "hint.back": "Back",
    "hint.quit": "Quit",
    "hint.move": "Move",
    "hint.change": "Move, change",
    "hint.rules": "Rules",
    "hint.open": "Open",
    "hint.close": "Close",
    "hint.resume": "Resume",
    "hint.cancel": "Cancel",
    "hint.step": "Step",
    "hint.actions": "All actions",
    "hint.log": "Log",
    "hint.menu": "Menu",
    "hint.zoom": "Zoom",
    "hint.pan": "Pan",
    "hint.skip": "Skip",
    "hint.type": "Type",
    "hint.done": "Done",
    "hint.erase_close": "Erase, close",
    "keyboard.rows": "1234567890 qwertyuiop asdfghjkl zxcvbnm",
    "keyboard.space": "Space",
    "keyboard.erase": "Erase",
    "keyboard.done": "Done",
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.leave": "Save and leave to title",
    "message.ok": "OK",
    "settings.title": "Settings",
    "load.failed": "The saved game cannot be opened",
    "load.open_elsewhere.title": "This game is open in another window",
    "load.open_elsewhere": "Close it there first: a game is played in one window at a time, so that neither "
                           "window overwrites the other's saves.",
    "save.problem.damaged": "The file is damaged or is not a Paradise save.",
    "save.problem.missing": "There is no such save.",
    "save.problem.not_a_file": "That is not a file (a folder, a device or a pipe).",
    "save.problem.too_large": "The file is far larger than any save: it is not one.",
    "save.problem.unreadable": "The file cannot be read (is it yours to read?).",
    "save.problem.version": "It was saved by another version of Paradise, which this one cannot read.",
    "save.problem.unwritable": "The folder cannot be written (full, read-only, or missing).",
    "save.problem.detail": "{problem} ({detail})",
    "save.failed": "The game could not be saved",
    "save.failed.stay": "It stays open: try again, or quit without saving.",
    "saves.title": "Saved games",
    "saves.from_pause": "Save or open a game",
    "saves.name": "Save this game as...",
    "saves.name.pad": "Press {select} to name this save",
    "saves.save": "Save",
    "saves.delete": "Delete",
    "saves.autosave": "Autosave",
    "saves.default_name": "Turn {turn}",
    "saves.player": "{name} {vp} VP",
    "saves.line": "{players}  ·  Turn {turn}  ·  {date}",
    "saves.date": "%d %b %Y, %H:%M",
    "saves.damaged": "Damaged: {why}",
    "saves.none": "No saved games yet.",
    "saves.more": "{n} more below",
    "saves.replace.title": "Replace the save?",
    "saves.replace": "A save named \"{name}\" exists. Replace it with this game?",
    "saves.replace.go": "Replace",
    "saves.delete.title": "Delete the save?",
    "saves.delete.ask": "\"{name}\" will be deleted. This cannot be undone.",
    "saves.delete.failed": "The save could not be deleted",
    "saves.replay": "Replay",
    "replay.title": "Watch as a replay",
    "replay.public": "Everyone's view",
    "replay.seat": "{player}'s view",
    "replay.seat.pin": "{player}'s view (PIN)",
    "replay.where": "{view}, action {n} of {total}",
    "replay.line": "Replay: {where} ({state})",
    "replay.playing": "playing",
    "replay.paused": "paused",
    "replay.ended": "the end",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.step": "Step",
    "replay.play_pause": "Play, pause",
    "replay.menu": "Replay paused",
    "replay.leave": "Leave the replay",
    "replay.astray.title": "The replay went astray",
    "replay.astray": "After its last action the game is not the one saved (state {hashes}). Please report it.",
    "autosave.failed": "Autosave failed: {why}",
    "end.you_win": "You win!",
    "end.wins": "{player} wins!",
    "end.wins.many": "{player} win!",
    "end.shared": "A shared victory",
    "end.none": "The voyage ends",
    "end.vp": "{vp} VP",
    "end.why.turns": "No one reached {threshold} VP within {turns} turns.",
    "end.why.turns.one": "No one reached {threshold} VP in the one turn played.",
    "end.why.shared": "Tied after VP, controlled island groups and cards: a shared victory (V5, X11).",
    "end.why.most": "{n} players reached {threshold} VP; {winner} has the most (ties: most island groups, then most "
                    "cards, V5).",
    "end.why.claimed": "{winner} reached {threshold} VP and claimed victory (V3).",
    "setup.players": "Players",
    "setup.seat": "Seat {n}  ·  {home}",
    "setup.seed": "Seed",
    "setup.new_seed": "New seed",
    "setup.start": "Start",
    "setup.target.usual": "usual",
    # what each advanced rule changes, under its switch (RULES.md section A)
    "option.hint.variable_starting_pieces": "A1 · Build 4 BP of pieces at home instead of two warrior bands.",
    "option.hint.saved_resources": "A2 · Keep one unspent build point for a later Building step.",
    "option.hint.malaria": "A3 · Malaria strikes the west once someone settles there.",
    "option.hint.south_island": "A4 · Te Waka Maui, the South Island, joins Aotearoa once revealed.",
    "option.hint.kumara": "A5 · Explorers may sail east to South America for the Kumara (2 VP).",
    "option.hint.random_events": "A7 · From 5 VP on, the last player draws an event card each turn.",
    # who plays a seat (the new-game scene), each level with one honest sentence (issue 18)
    "seat.human": "Human",
    "seat.easy": "Computer: Easy",
    "seat.normal": "Computer: Normal",
    "seat.hard": "Computer: Hard",
    "seat.hint.human": "A person plays this seat.",
    "seat.hint.easy": "The Normal bot, but about one plan in three is picked at random.",
    "seat.hint.normal": "Fixed rules: settles, chains islands, buys cards; fights only independents.",
    "seat.hint.hard": "Tries its moves out on re-dealt copies of what it sees, then picks; never peeks.",
    # pass-and-play settings (game/seats.py)
    "seats.title": "Pass and play",
    "seats.hint": "For each human seat: a PIN the hand-off asks for, and how card windows are answered.",
    "seats.windows": "{player}: card windows",
    "seats.windows.person": "in person",
    "seats.windows.orders": "standing orders",
    "seats.pin.none": "{player}: set a PIN",
    "seats.pin.set": "{player}: PIN set (clear it)",
    "seats.done": "Done",
    "setup.pass_and_play": "Pass and play…",
    # since your last turn (game/scenes/recap.py)
    "recap.title": "Since your last turn ({n} events)",
    "recap.replaying": "Since your last turn: replaying {n} events",
    "recap.more": "… and {n} earlier, in the log",
    # standing orders (game/seats.py, game/scenes/orders.py)
    "orders.title": "{player}'s standing orders",
    "orders.hint": "Card windows are answered for you, without a hand-off, as you say here.",
    "orders.none": "You hold no card or event that a window would ask about.",
    "orders.open": "Standing orders…",
    "orders.battle_modifier.never": "never use it",
    "orders.battle_modifier.use": "use it before a roll",
    "orders.battle_reroll.never": "never reroll",
    "orders.battle_reroll.removed": "reroll when I would lose a piece",
    "orders.battle_reroll.hurts": "reroll whenever the roll hurts me",
    "orders.cancel_attack.never": "never call an attack off",
    "orders.cancel_attack.always": "call every attack on me off",
    "orders.deforestation.never": "never answer a claim",
    "orders.deforestation.always": "answer any claim with it",
    # the battle panel (M8)
    "battle.title": "Battle at {hex}: {attacker} attacks {defender}",
    "battle.title.villages": "{title}, {villages} at stake",
    "battle.attacker": "attacks (rolls the die)",
    "battle.defender": "defends",
    "battle.front": "Fights: {pieces}",
    "battle.back": "Back row: {pieces}",
    "battle.panicked": "Panicked: {pieces}",
    "battle.nobody": "nobody left",
    "battle.cards": "Cards played: {cards}",
    "battle.waiting": "One die per round (M8.4)",
    "battle.outcome": "{line} ({rule})",
    "battle.roll": "Die {face}: {result} (M8.4)",
    "battle.roll.modified": "Die {face} {modifier} with a card = {final}: {result} (M8.4, X24)",
    "battle.roll.again": "Die {face}: taken again with a card (X24)",
    "battle.cell.attacker_removed": "{faces}: {attacker} loses one",
    "battle.cell.attacker_panics": "{faces}: {attacker} panics",
    "battle.cell.defender_panics": "{faces}: {defender} panics",
    "battle.cell.defender_panics.many": "{faces}: {defender} panic",
    "battle.cell.defender_removed": "{faces}: {defender} loses one",
    "battle.cell.defender_removed.many": "{faces}: {defender} lose one",
    "ui.palette": "All your actions",
    "ui.menu.hint": "{hex}: choose",
    "ui.first_player": "{player} plays first",
    "ui.found_tile": "You found {tile} at {hex}: keep it face down, or reveal it",
    "ui.party": "Party at {hex}: {boats}",
    "ui.boat": "{canoe} ({moves} more to sail){passenger}",
    "ui.boat.passenger": " with {a_piece}",
    "ui.party.empty": "nothing yet: take a canoe or a rumor",
    "help.title": "Rules",
    "help.search": "Type to search the rules",
    "help.search.pad": "Press {select} to search the rules",
    "help.close": "Close",
    # the rules reference's pictures (game/render/diagrams.py)
    "picture.island.group": "Island group",
    "picture.island.atoll": "Atoll",
    "picture.island.green": "Green square: a village may stand here",
    "picture.island.brown": "Brown square: needs improved agriculture first",
    "picture.island.atoll_square": "Dashed blue square: an atoll, never a village",
    "picture.turn.in_turn": "One player after another, in turn order",
    "picture.turn.together": "Everyone at once",
    "picture.explore.home": "Your island",
    "picture.explore.premove": "Pre-move",
    "picture.explore.ocean": "Open ocean: its knots show until the trip ends",
    "picture.explore.island": "Island group: a tile, face down or revealed",
    "picture.explore.off_course": "Off course: 0 knots, drift to another hex",
    "picture.knots.go_on": "{n} or fewer: go on, or return",
    "picture.knots.return": "Exactly {n}: must return",
    "picture.knots.lost": "{n} or more: lost",
    "picture.chain.linked": "Linked: a face-up canoe in every hex",
    "picture.chain.broken": "Not linked: a hex without a canoe",
    "picture.battle.front": "Front row",
    "picture.battle.front.note": "fights",
    "picture.battle.back": "Back row",
    "picture.battle.back.note": "does not fight",
    "picture.battle.island_band": "band on its island",
    "picture.battle.war_band": "band on a war canoe",
    "picture.battle.war_canoe": "empty war canoe",
    "picture.battle.local_warrior": "local warrior",
    "picture.battle.transport_band": "band on a transport canoe",
    "picture.battle.colony": "colony",
    "picture.battle.panicked": "panicked piece",
    "picture.die.attacker_removed": "attacker: one lost",
    "picture.die.attacker_panics": "attacker: one panics",
    "picture.die.defender_panics": "defender: one panics",
    "picture.die.defender_removed": "defender: one lost",
    "menu.rules": "Rules",
    "ui.terms": "Words here (F1: the rule)",
    "ui.term": "{word}: {text}",
    "banner.title": "Turn {turn}  ·  {step}",
    "banner.title.setup": "Before turn 1  ·  {step}",
    "banner.your_turn": "Your turn, {player}",
    "banner.building.setup": "Everyone builds their starting pieces at home (A1)",
    "banner.turn_order": "The player lowest on the VP track chooses who plays first (T2)",
    "banner.exploration": "One after another, each explorer sails into unknown waters (E3-E5)",
    "banner.movement": "One after another: transit along the chain, then canoes sail and battles are fought (M1)",
    "banner.building": "Everyone plans new pieces, villages and cards in secret; all are shown at the end (B1, X8)",
    "banner.victory": "Whoever has reached the target may claim victory now (V3)",
    "ui.undo": "Undo",
    "menu.learn": "Learn to play",
    "lessons.title": "Learn to play",
    "lessons.intro": ("Short chapters at the real table, each from a position of its own. You play Tonga; Samoa is "
                      "an Easy bot. About {minutes} minutes."),
    "lessons.chapter": "{n}. {title}",
    "lessons.minutes": "{summary}  ·  {minutes} min",
    "lessons.done": "{summary}  ·  done",
    "coach.head": "Learn to play  ·  {title}  ·  {n}/{of}",
    "coach.next": "Next",
    "coach.next_chapter": "Next: {title}",
    "coach.all_lessons": "All chapters",
    "coach.chapter_done": "Chapter done: {title}.",
    "coach.do": "Step with {step} to where the ring pulses, then press {select}.",
    "coach.do.mouse": "Click where the ring pulses.",
    "coach.undo": "Step with {step} to Undo, where the ring pulses, then press {select}.",
    "coach.undo.mouse": "Click Undo, where the ring pulses.",
    "coach.undo.keys": "Press {undo} (or Ctrl+Z).",
    "coach.wait": "The others play; the lesson goes on at your next decision.",
    "coach.drawing": "Chance decides now: watch.",
    "coach.new_game": "Play a game",
    "lessons.chapter.done": "{n}. {title}  ·  done",
    "pause.skip_chapter": "Skip this chapter",
    "pause.lessons": "Leave to the chapters",
    "ui.final.reveal": "{action}: shows the others what was hidden, and cannot be undone",
    "ui.final.end": "{action}: ends your part of the step, and cannot be undone",
    "ui.final.chance": "{action}: chance decides what follows, and it cannot be undone",
    "confirm.reveal": "This shows the other players something that was hidden from them. It cannot be undone.",
    "confirm.end": "This ends your part of the step: the game moves on and it cannot be undone.",
    "confirm.go": "Do it",
    "confirm.quiet": "Do it, don't ask again",
    "confirm.cancel": "Cancel",
    "ui.knots": "{player_s} explorer: {knots} so far",
    "ui.area_bp": "{bp} to build at {hexes}",
    "ui.explorer_knots": "{player_s} explorer: {knots} (5 returns, 6 is lost)",
    "ui.tip.one": "Click: {action}",
    "ui.tip.many": "Click: choose among {n} actions",
    # the tooltip of a hex
    "tip.unknown": "Unknown waters: only an explorer may enter (E1)",
    "tip.ocean": "Open ocean",
    "tip.explored_ocean": "Explored: open ocean",
    "tip.tile.face_up": "A face-up island tile",
    "tip.tile.face_down": "Face-down tile (discovered by {players})",
    "tip.tile.face_down.nobody": "Face-down tile",
    "tip.tile.face_down.known": "Face-down tile: {tile} (discovered by {players})",
    "tip.tile.face_down.known.nobody": "Face-down tile: {tile}",
    "tip.villages": ("Villages {built} of {squares} possible ({green} green squares; {brown} brown, {improved} of "
                     "them improved)"),
    "tip.independent": "Independent (local warriors defend it)",
    "tip.controlled": "Controlled by {player}",
    "tip.stack": "{player}: {pieces}",
    "tip.stack.canoe_up": "{player}: {pieces}; a transport canoe face up",
    "tip.player": "{player}: {vp} VP of {threshold}",
    "tip.card.shown": "Face up: {card}: {text}",
    "tip.card.hand": "In your hand: {card}: {text}",
    "tip.hidden_cards": ("{n} hidden card", "{n} hidden cards"),
    "tip.supply": "Left to build: {pieces}",
    "tip.supply_total": ("{n} piece left to build (which kinds, only they know)",
                         "{n} pieces left to build (which kinds, only they know)"),
    "item.face_down_piece.one": "face-down piece",
    "item.face_down_piece.many": "face-down pieces",
    "item.face_down_piece.n": ("{n} face-down piece", "{n} face-down pieces"),

    # --- decisions (the HUD line): one per kind of the view's `decision` (engine.DecisionKind) ---
    "decision.with_rule": "{text} ({rule})",
    "decision.over": "Game over",
    "decision.over.won": "Game over: {winners} wins",
    "decision.over.shared": "Game over: {winners} share the victory",
    "decision.order": "{player} chooses who plays first",
    "decision.new_home": "{player} names a new home",
    "decision.event_tie": "{player} chooses between the turn-order marker and the event card",
    "decision.event_draw": "The event deck decides",
    "decision.event_target": "{player} aims {card}",
    "decision.malaria": "The malaria die decides",
    "decision.explore": "{player} explores",
    "decision.explore_on": "{explorer_s} explorer explores on or returns",
    "decision.cup": "The discovery cup decides what {explorer_s} explorer finds at {hex}",
    "decision.tile": "The tile stack decides which island group {explorer} discovers",
    "decision.keep": "{player} keeps the tile at {hex} face down or reveals it",
    "decision.off_course": "{player} chooses where {explorer_s} explorer drifts off course",
    "decision.kumara_roll": "The die decides {explorer_s} voyage toward South America",
    "decision.kumara_sail": "{player} steers the explorer toward South America",
    "decision.transit": "{player} moves pieces along the transit chain",
    "decision.move": "{player} moves",
    "decision.party": "{player} moves the party at {hex}",
    "decision.next_battle": "{player} chooses the next battle",
    "decision.cancel_attack": "{player} may answer {attacker_s} attack at {hex} with a card",
    "decision.battle_card": "{player} may play a battle card before the roll at {hex}",
    "decision.battle_roll": "The die decides the battle at {hex}",
    "decision.reroll": "{player} may have the roll at {hex} taken again with a card",
    "decision.panic": "{player} decides which piece panics",
    "decision.lose": "{player} decides which piece is lost",
    "decision.retreat": "{player} chooses where to retreat from {hex}",
    "decision.carry": "{player} chooses whom the retreating canoes carry",
    "decision.save": "{player} decides whether to save villages at {hex}",
    "decision.raise": "{player} may turn a transport canoe face up at {hex}",
    "decision.setup_build": "{player} places free starting builds at home",
    "decision.build": "{player} builds",
    "decision.card_draw": "The deck deals the cards bought",
    "decision.claim": "{player} may claim victory where their VP, cards shown, reach the target",
    "decision.deforestation": "{player} may answer {claimant_s} claim with Deforestation",
    # the settings (issue 25)
    "settings.fullscreen": "Full screen",
    "settings.fullscreen.hint": "Fill the screen at its own resolution (F11 switches at any time)",
    "settings.rumble": "Controller rumble",
    "settings.rumble.hint": "The controller shakes when a die lands and when a battle ends",
    "settings.pad_per_seat": "One controller per player",
    "settings.pad_per_seat.hint": "Pass and play: each player acts with their own controller only",
    "settings.effects_volume": "Sound effects",
    "settings.effects_volume.hint": "Sails, paddles, the die, war drums, villages and victory",
    "settings.music_volume": "Music",
    "settings.music_volume.hint": "A calm loop while you play (off unless you turn it up)",
    "settings.speed": "Speed",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "settings.speed.slow": "Animations take their time; bots wait between moves",
    "settings.speed.normal": "Animations and bots at an easy pace",
    "settings.speed.fast": "Short animations, quick bots",
    "settings.speed.instant": "No animations: every move shows at once",
    "settings.ui_scale": "Size of the words",
    "settings.ui_scale.hint": "Larger words and buttons, for a TV across the room",
    "settings.language": "Language",
    "settings.language.hint": "The language of the game's words",
    "settings.colour_aid": "Colour-vision aid",
    "settings.colour_aid.hint": "Tribe colours that colour-blind eyes tell apart",
    "settings.preview": "The colours as each kind of colour vision sees them",
    "settings.preview.tribes": "Tribes",
    "settings.preview.marks": "Lit hexes and the cursor",
    "settings.vision.normal": "Normal vision",
    "settings.vision.protanopia": "Protanopia",
    "settings.vision.deuteranopia": "Deuteranopia",
    "settings.vision.tritanopia": "Tritanopia",
    "settings.volume": "{percent}%",
    "settings.volume.off": "Off",
    "end.source.villages": "Villages",
    "end.source.island_groups": "Island groups",
    "end.source.atolls": "Atolls",
    "end.source.kumara": "Kumara",
    "end.source.cards": "Cards",
    "end.source.deforestation": "Deforestation",
    "end.breakdown": "Victory points by source",
    "end.graph": "Victory points turn by turn",
    "end.graph.turn": "Turn",
    "end.graph.threshold": "{threshold} to win",
    "cardface.kind.red": "Arts & Culture · lasting power",
    "cardface.kind.blue": "Arts & Culture · used once",
    "cardface.kind.plain": "Arts & Culture · VP only",
    "cardface.kind.event": "Random event · at once",
    "cardface.kind.kept": "Random event · kept secret",
    "cardhelp.red": "Red: its power works as long as the card lies face up [C6].",
    "cardhelp.blue": "Blue: you use its power once, when you choose; then it is spent [X26].",
    "cardhelp.plain": "Plain: no power, only its VP [C6].",
    "cardhelp.bought": "Bought for 2 BP while building [B4]; its VP count only face up [V1].",
    "cardhelp.event": "A random event [A7]: shown and played at once; its drawer makes its choices.",
    "cardhelp.kept": "Brown title bar: its drawer keeps it secret and plays it when they want [X28].",
    "settings.reduce_motion": "Reduce motion",
    "settings.reduce_motion.hint": "No shaking or particles; the map fades instead of gliding",
    "online.title": "Play online",
    "online.server": "Server address",
    "online.server.empty": "Type the server's address",
    "online.server.empty.pad": "Press {select} to type the address",
    "online.host.caption": "Start a game here and invite friends",
    "online.host": "Host a game…",
    "online.join.caption": "Join with an invite code",
    "online.code.empty": "Type the invite code",
    "online.code.empty.pad": "Press {select} to type the code",
    "online.join": "Join",
    "online.watch.caption": "Watch with a spectator code",
    "online.watch.empty": "Type the spectator code",
    "online.watch.empty.pad": "Press {select} to type the code",
    "online.watch": "Watch",
    "online.games": "My online games",
    "online.refresh": "Refresh",
    "online.codes": "Codes",
    "online.forget": "Forget",
    "online.row": "{seat} · Turn {turn}, {step}",
    "online.row.over": "{seat} · game over",
    "online.row.unknown": "{seat} · {game}",
    "online.row.asking": "Asking the server…",
    "online.row.unlisted": "The server does not know this game.",
    "online.row.waiting": "{seats} · waiting for {seat}",
    "online.seat.you": "{seat} (you)",
    "online.seat.kind": "{seat} ({kind})",
    "online.kind.human": "player",
    "online.your_turn": "Your turn",
    "online.none": "No online games yet: host one, or join with a code.",
    "online.more": ("{n} more below", "{n} more below"),
    "online.connecting": "Connecting to {address}…",
    "online.code.missing": "Type the code first.",
    "online.forget.title": "Forget this game",
    "online.forget.ask": "The game goes on, but this computer can no longer open {seat} in {game}.",
    "online.error.title": "That did not work",
    "online.error.write": "Your online games cannot be saved ({why}); they hold for this run only.",
    "online.error.store": "{why}: it is kept aside, never overwritten, when a game is added.",
    "online.error.address": "“{address}” is not a server address: it looks like ws://host:8765.",
    "online.error.unreachable": "No server answers at {address}: is it running, the address right?",
    "online.error.not_paradise": "Something answers at {address}, but not a Paradise server.",
    "online.error.version": "The server speaks protocol {server}, this game {client}: update the older.",
    "online.error.bad_code": "No seat has this code: it was used already, or it is mistyped.",
    "online.error.timeout": "The server at {address} did not answer in time.",
    "online.error.closed": "The server at {address} closed the connection.",
    "online.error.refused": "The server refused: {message}",
    "online.host.title": "Host a game",
    "online.host.go": "Host",
    "online.seat": "Seat {n}",
    "online.kind.you": "You",
    "online.kind.hint.you": "You host the game and play this seat.",
    "online.kind.friend": "A friend",
    "online.kind.hint.human": "A friend takes this seat with the code you send them.",
    "online.codes.title": "Invite your friends",
    "online.codes.hint": "Send each friend their seat's code: they choose Play online, then Join.",
    "online.codes.none": "The other seats are computers: there is no one to invite.",
    "online.codes.seat": "For {seat}",
    "online.codes.watch": "Spectators",
    "online.copy": "Copy",
    "online.copied": "Copied {code}: paste it into a message.",
    "online.copy.failed": "There is no clipboard here: write the code down.",
    "online.play": "Play",
    "online.status.connecting": "Connecting…",
    "online.status.connected": "Online",
    "online.status.reconnecting": "Reconnecting…",
    "online.status.lost": "Disconnected",
    "online.status.closed": "Left the game",
    "online.no_answer": "The server did not answer; reconnecting. Try again in a moment",
    "online.refused": "The server would not say why: {why}",
    "online.failed": "Cannot play online",
    "online.error.bad_token": "The server does not know this seat (the game may be gone)",
    "online.error.replaced": "This seat was opened in another window, which plays it now",
    "pause.leave_online": "Leave to title (the server keeps the game)",
    "pause.replace": "Give {player}'s seat to a bot",
    "pause.replace.agreed": "{player}: you agreed; the others must agree too",
    "online.row.unreached": "The server was not reached.",
    "online.kind.hint.bot": "The computer plays this seat on the server.",
    "online.about": "The server keeps each game: play your turn, close the game, come back later.",
    "online.error.present": "{player} is at the table again: the seat stays theirs.",
    "pause.quit.title": "Quit Paradise?",
    "pause.quit.saved": "The game is saved: Continue on the title opens it where you left it.",
    "pause.quit.online": "The game stays on the server: open it again from Play online.",
    "option.hint.target.usual": "The game ends at {usual} VP, the usual target for {players} players (V3).",
    "option.hint.target": "The players agree to end at {target} VP (A6 advises {usual}, give or take 3).",
    "seats.windows.hint.person": "Another player's card opens a window: the screen comes to you to answer.",
    "seats.windows.hint.orders": "Orders set ahead (pause menu) answer: the screen never comes to you for it.",
}

language = catalog.SOURCE          # the language in use (set_language): its code in catalog.LANGUAGES
_catalog = catalog.translations(language)


def set_language(code: str) -> None:
    """Speak `code` from now on (the settings, --lang, the system's locale at the first run). The caches of
    translated words (the help's, the tutorial's, the glossary's) are keyed by the language."""
    global language, _catalog
    if code not in catalog.LANGUAGES:
        raise ValueError(f"no catalog for the language {code!r}; there are {', '.join(catalog.LANGUAGES)}")
    language, _catalog = code, catalog.translations(code)


def text(key: str, **fields: Any) -> str:
    """The message `key` in the language in use (its English where the catalog lacks it), filled with `fields`:
    the one place where words are looked up. A message with a plural is chosen by the field `n` with the
    language's own plural forms. A key that English lacks is a KeyError: a bug the tests show, never words made up
    on the spot."""
    if key + ".many" in EN and any(isinstance(fields.get(name), Several) for name in SUBJECTS):
        key += ".many"                              # the verb agrees: "the islanders panic", "Tonga and Samoa win"
    english = EN[key]
    if isinstance(english, tuple):
        template = _catalog.npgettext(key, english[0], english[1], fields["n"])
    else:
        template = _catalog.pgettext(key, english)
    return template.format(**fields)


def translate(key: str, english: str) -> str:
    """A message whose English lives in a data file (the rules reference, the tutorial, a card's title), in
    the language in use (catalog.sources names each one's key)."""
    return _catalog.pgettext(key, english) if language != catalog.SOURCE else english


def all_texts(code: str) -> list[str]:
    """Every message of the game in the language `code`, its fields unfilled (each plural form once): what the
    glyph and width tests draw."""
    tr = catalog.translations(code)
    out = []
    for m in catalog.sources(EN):
        if m.plural is None:
            out.append(tr.pgettext(m.context, m.english))
        else:
            out += list(dict.fromkeys(tr.npgettext(m.context, m.english, m.plural, n) for n in range(30)))
    return out


SUBJECTS = ("player", "attacker", "defender", "winners")     # the fields a template's verb agrees with


class Several(str):
    """A subject that is several (the islanders; players in a list): a template's verb agrees with it (`text`
    picks the key's ".many" message), in any language, as the words themselves are not looked at."""


class Line(NamedTuple):
    """One line of the log: what happened, in words, and the rule that governs it."""
    text: str
    rule: str


# --- rule numbers (data, not words) -----------------------------------------------------------------------------

EVENT_RULES: dict[str, str] = {
    "game_started": "S1", "warning": "A6", "step_started": "T1", "step_started.setup": "A1",
    "turn_order_marker": "T2", "turn_order": "T2",
    "explorer_back": "E2", "exploration_skipped": "A7", "explorer_moved": "E4", "explorer_moved.premove": "E3",
    "explorer_enters": "E4", "explorer_enters.steered": "E4.3", "tile_seen": "E6.1", "tile_drawn": "E4.2",
    "marker_drawn": "E4", "marker_drawn.island": "E4.2", "marker_drawn.ocean": "E4.1",
    "marker_drawn.off_course": "E4.3", "off_course": "E4.3", "off_course_stuck": "E4.4", "tile_placed": "E4.2",
    "tile_kept": "E4.2", "tile_revealed": "E4.2", "penalty_marker": "E6", "explorer_returned": "E5",
    "explorer_lost": "E5", "kumara_search": "A5", "kumara_roll": "A5", "galapagos_marker": "A5", "kumara": "A5",
    "south_island_placed": "A4", "south_island_lost": "A4", "tile_removed": "A4",
    "transit": "M3", "transit_ended": "M3", "stack_moved": "M4", "canoe_face_down": "X19", "canoe_face_up": "M6",
    "war_canoes_stopped": "M4.4", "rumor_removed": "M7",
    "battle_announced": "X26", "battle_started": "M8.1", "battle_won_at_once": "M8.3", "battle_card": "X24",
    "die_rolled": "M8.4", "reroll": "X24", "piece_panicked": "M8.4", "piece_removed": "M8.4", "battle_won": "M8.5",
    "attack_cancelled": "X26", "retreat": "M9", "retreat.nowhere": "X4", "retreat.all_lost": "M9",
    "battle_over": "M12", "village_saved": "M10", "conquest": "M10", "home_lost": "M11", "new_home": "M11",
    "build_planned": "B2", "build_planned.village": "B3", "build_planned.improved_agriculture": "B3",
    "build_planned.convert": "B3", "build_planned.card": "B4", "build_planned.internal_rotation": "B1.1",
    "build_planned.face_up_canoe": "M6",
    "build_planned.card_power": "X26", "build_planned.saved_build_point": "A2", "build_planned.settle": "B3",
    "build_planned.event": "A7", "building_done": "X8", "built": "X8", "built_kinds": "X8",
    "internal_rotation": "B1.1", "saved_build_point": "A2", "settled": "B3",
    "card_bought": "B4", "card_drawn": "B4", "card_not_drawn": "X23", "card_revealed": "B4", "card_used": "X26",
    "vp_changed": "V1", "victory_claimed": "V3", "claim_failed": "V4", "game_over": "V5",
    "event_tie": "A7", "event_kept": "A7", "event_drawn": "A7", "event_revealed": "A7", "event_played": "A7",
    "event_without_effect": "A7", "village_lost": "A7", "village_lost.malaria": "A3", "build_points_lost": "A7",
    "build_points_gained": "A7", "village_built": "A7", "improved_agriculture_built": "A7", "pieces_gained": "A7",
    "favourable_winds": "A7", "pieces_sunk": "X28", "malaria_begins": "X7", "malaria_roll": "A3",
}

# The first rule of each verb's row in docs/NOTATION.md (`take`/`leave` with a canoe: M5).
ACTION_RULES: dict[str, str] = {
    "order": "T2", "end": "T1", "premove": "E3", "explore": "E4", "marker": "E4", "tile": "E4.2", "keep": "E4.2",
    "reveal": "E4.2", "course": "E4.3", "cross": "E6.3", "return": "E5", "flip": "E6.5", "transit": "M3",
    "party": "M4", "take": "M4", "leave": "M4", "go": "M4", "done": "M4", "raise": "M6", "battle": "M8",
    "die": "M8.4", "panic": "M8.4", "lose": "M8.4", "retreat": "M9", "carry": "M9", "save": "M10", "raze": "M10",
    "home": "M11", "withdraw": "M7", "build": "B1", "convert": "B3", "settle": "B3", "buy": "B4", "rotate": "B1.1",
    "use": "B4", "card": "B4", "show": "B4", "fight": "X26", "roll": "X24", "accept": "X24", "decline": "V4",
    "save_bp": "A2", "kumara": "A5", "sail": "A5", "choose": "A7", "event": "A7", "target": "A7", "play": "A7",
    "claim": "V3", "pass": "V3",
}

# --- small helpers ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _printed_names(hexmap: Any) -> dict[int, str]:
    """Hex id -> the name the map prints there: the island groups and the decorative names. (Set-up tiles are
    left out: they stand on their hexes only in 3- and 4-player games.)"""
    names = {h: name for name, h in hexmap.labels_named}
    names.update({h: ig.name for h, ig in hexmap.island_at.items()})
    return names


def _hex_name(h: int, hexmap: Any) -> str | None:
    """A hex's printed name, or one of the two A5 islands (in the catalog's words), or None."""
    name = _printed_names(hexmap).get(h)
    if name is None and h == hexmap.galapagos:
        return text("place.galapagos")
    if name is None and h == hexmap.unfortunate:
        return text("place.unfortunate")
    return name


def face_up_tiles(view: View | None) -> dict[str, str]:
    """Hex label -> the name of the face-up tile there: public, so any player's words may use it (none without
    a view)."""
    if view is None:
        return {}
    return {r["hex"]: tile for r in view["hexes"] if r.get("face_up") and (tile := r.get("tile"))}


def place(label: str, rules: Ruleset, tiles: Mapping[str, str] | None = None) -> str:
    """A hex in words: "Fiji (0706)" where the map prints a name or a face-up tile lies (`tiles`, from
    `face_up_tiles`), else its label "0906"; South America, and a label the map does not have, as it is."""
    if label == "south_america":
        return text("place.south_america")
    hexmap = rules.map
    if not hexmap.has_name(label):
        return label
    h = hexmap.hex_of(label)
    name = _hex_name(h, hexmap) or (tiles or {}).get(hexmap.labels[h])
    return text("place.named", name=name, label=hexmap.labels[h]) if name else hexmap.labels[h]


def join(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C": the language's own patterns for two and for more (as CLDR's list patterns
    are made), each a whole message with named fields."""
    if not words:
        return text("list.none")
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return Several(text("list.two", first=words[0], second=words[1]))
    rest = text("list.end", rest=words[-2], last=words[-1])
    for word in reversed(words[1:-2]):
        rest = text("list.start", first=word, rest=rest)
    return Several(text("list.start", first=words[0], rest=rest))


def _item(kind: str, form: str = "one") -> str:
    """A piece or build item as a word ("war canoe"), with its article (`form` "a") or in the plural ("many")."""
    return text(f"item.{kind}.{form}")


def count(n: int, kind: str) -> str:
    """"1 war canoe", "3 war canoes": the language's plural forms of the item's message."""
    return text(f"item.{kind}.n", n=n)


def items(counts: Mapping[str, int]) -> str:
    """{"war_canoe": 2, "rumor": 1} -> "2 war canoes and 1 rumor"."""
    return join([count(n, kind) for kind, n in counts.items() if n])


def unit(key: str, n: int) -> str:
    """A message with a plural, for `n` ("1 knot", "3 knots")."""
    return text(key, n=n)


def who(name: str) -> str:
    """A player's name, or the islanders (several: the verb agrees)."""
    return Several(text("who.independent")) if name == "independent" else name


def whose(name: str) -> str:
    """The possessive of a player or of the islanders, as a whole field that each language places in its
    sentences where its grammar wants it ("{player_s} explorer", "l'explorateur {player_s}")."""
    if name == "independent":
        return text("who.independent.possessive")
    return text("possessive", name=name)


def _vp(value: str) -> str:
    """VP as the track shows them: "7/2" -> "3½"."""
    top, _, part = value.partition("/")
    sign, digits = ("-", top[1:]) if top.startswith("-") else ("", top)
    if part == "2" and digits.isdigit():
        return sign + text("vp.half", whole=int(digits) // 2 or "")
    return value


def signed(n: int) -> str:
    return text("signed", sign="+" if n > 0 else "", n=n)


_TITLES: dict[int, tuple[object, dict[str, str], dict[str, str], dict[str, str]]] = {}


def _titles(rules: Ruleset) -> tuple[object, dict[str, str], dict[str, str], dict[str, str]]:
    """Card key -> title, event id -> title and card key -> power, made once per ruleset (its records hold
    mappings, which do not hash, so the cache is keyed by the identity of the card tuple it keeps alive)."""
    entry = _TITLES.get(id(rules.cards))
    if entry is None or entry[0] is not rules.cards:
        entry = (rules.cards, {c.key: c.title for c in rules.cards}, {e["id"]: e["title"] for e in rules.events},
                 {c.key: c.text for c in rules.cards})
        _TITLES[id(rules.cards)] = entry
    return entry


def card_title(key: str, rules: Ruleset) -> str:
    """An Arts & Culture card's printed title from its key ("moai" -> "Moai"), in the language in use."""
    return translate(f"card.{key}.title", _titles(rules)[1][key])


def option_title(key: str, rules: Ruleset) -> str:
    """An advanced rule's name ("malaria" -> "Malaria"), in the language in use."""
    return translate(f"option.{key}.title", rules.options[key]["title"])


def card_text(key: str, rules: Ruleset) -> str:
    """An Arts & Culture card's power in words, in the language in use."""
    return translate(f"card.{key}.text", _titles(rules)[3][key])


def event_title(key: str, rules: Ruleset) -> str:
    """A random event card's printed title from its id ("leader_rises" -> "A Leader Rises"), in the language in
    use."""
    return translate(f"random_event.{key}.title", _titles(rules)[2][key])


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]


# --- events -----------------------------------------------------------------------------------------------------

WHO_FIELDS = ("player", "winner", "loser", "attacker", "defender", "chooser", "drawer", "first", "by", "chosen_by")
PLACE_FIELDS = ("hex", "to", "source")
EVENT_CARDS = ("event_drawn", "event_revealed", "event_played")     # their `card` is a random event's id

Sides = tuple[str, str]                    # (attacker, defender) of a battle, as the log names them
Prep = Callable[[Any, dict[str, Any], Ruleset, "Sides | None"], str]   # its event: the TypedDict of its kind


def _common(event: Mapping[str, Any], rules: Ruleset, tiles: Mapping[str, str] | None) -> dict[str, Any]:
    """The fields every template may use: names (and their possessives), places, pieces, card titles."""
    kind = event["kind"]
    if "tile" in event:
        tiles = None                        # the line names the tile itself: its hex goes by its label
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key in WHO_FIELDS:
            out[key] = who(value)
            out[f"{key}_s"] = whose(value)
        elif key in PLACE_FIELDS and value is not None:    # a retreat with nowhere to go has no `to`
            out[key] = place(value, rules, tiles)
        elif key == "piece":
            out["piece"], out["a_piece"] = _item(value), _item(value, "a")
        elif key == "card":
            event_card = kind in EVENT_CARDS or event.get("item") == "event"      # a kept event planned (A7)
            out["card"] = event_title(value, rules) if event_card else card_title(value, rules)
        elif key != "kind":
            out[key] = value
    return out


def _prep_step_started(e: views.StepStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["step"] = text(f"step.{e['step']}")
    return "setup" if e["turn"] == 0 else ""


def _prep_game_started(e: views.GameStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["players"] = join(e["players"])
    chosen = []
    for key, value in e["options"].items():
        title = option_title(key, rules)
        chosen.append(title if value is True else text("option.with_value", title=title, value=value))
    f["options"] = join(chosen)
    return "options" if chosen else ""


def _prep_turn_order(e: views.TurnOrderEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    order = e["order"]
    f["order"] = join(order)
    f["direction"] = text(f"direction.{e['direction']}")
    two = len(order) == 2
    if e["chooser"] == e["first"]:
        return "self_two" if two else "self"
    return "two" if two else ""


def _prep_explorer_moved(e: views.ExplorerMovedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return "premove" if e.get("premove") else ""


def _prep_explorer_enters(e: views.ExplorerEntersEvent, f: dict[str, Any], rules: Ruleset,
                          sides: Sides | None) -> str:
    return "steered" if e["chosen_by"] != e["player"] else ""


def _prep_explorer_lost(e: views.ExplorerLostEvent | views.ExplorerReturnedEvent, f: dict[str, Any], rules: Ruleset,
                        sides: Sides | None) -> str:
    f["knots"] = unit("knots", e["knots"])
    f["hexes"] = unit("hexes", e["hexes"])
    return ""


def _prep_marker_drawn(e: views.MarkerDrawnEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["knots"] = unit("knots", e["knots"])
    return str(e["marker"])


def _prep_explorer_returned(e: views.ExplorerReturnedEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    _prep_explorer_lost(e, f, rules, sides)
    return "none" if e["hexes"] == 0 else ""


def _prep_kumara_roll(e: views.KumaraRollEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["result"] = text(f"kumara.{e['result']}")
    return ""


def _prep_kumara(e: views.KumaraEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["vp"] = rules.kumara.get("kumara_vp", 2)
    return "conquest" if e["how"] == "conquest" else "voyage"


def _prep_pieces(e: views.TransitEvent | views.StackMovedEvent, f: dict[str, Any], rules: Ruleset,
                 sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    return ""


def _prep_war_canoes_stopped(e: views.WarCanoesStoppedEvent, f: dict[str, Any], rules: Ruleset,
                             sides: Sides | None) -> str:
    return e["cause"]


def _prep_battle_started(e: views.BattleStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["attacker_pieces"] = items(e["attacker_pieces"])
    f["defender_pieces"] = items({**e["defender_pieces"], "local_warrior": e["local_warriors"]})
    f["villages"] = count(e["villages"], "village")
    return "villages" if e["villages"] else ""


def _prep_die_rolled(e: views.DieRolledEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    # Without the battle's start in this stretch of the log, its sides go by their roles.
    attacker, defender = sides or (text("side.attacker"), text("side.defender"))
    f["result"] = text(f"die.{e['result']}", attacker=who(attacker), attacker_s=whose(attacker),
                       defender=who(defender), defender_s=whose(defender))
    f["modifier"] = signed(e["modifier"])
    return "modified" if e["modifier"] else ""


def _prep_retreat(e: views.RetreatEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    f["lost"] = count(e["removed"], "piece")
    if e["to"] is None:
        return "nowhere"
    if not e["pieces"]:
        return "all_lost"
    return "lost" if e["removed"] else ""


def _prep_conquest(e: views.ConquestEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["saved"] = count(e["saved"], "village")
    return "" if e["saved"] else "razed"


def _prep_build_planned(e: views.BuildPlannedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    item = e["item"]
    if f"event.build_planned.{item}" not in EN:          # a piece, a village or improved agriculture
        f["a_item"] = _item(item, "a")
    return item


def _prep_built(e: views.BuiltEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    parts = [count(n, kind) for n, kind in ((e["pieces"], "piece"), (e["villages"], "village")) if n]
    if e["improved_agriculture"]:
        parts.append(_item("improved_agriculture", "a"))
    if e["face_up_canoe"]:
        parts.append(_item("face_up_canoe", "a"))
    f["items"] = join(parts)
    return ""


def _prep_built_kinds(e: views.BuiltKindsEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["items"] = items(e["items"])
    return "" if any(e["items"].values()) else "none"


def _prep_saved_build_point(e: views.SavedBuildPointEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    f["saved"] = text("bp", n=e["saved"])
    return "" if e["saved"] else "spent"


def _prep_vp_changed(e: views.VpChangedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["old"], f["new"] = _vp(e["old"]), _vp(e["new"])
    return ""


def _prep_claim_failed(e: views.ClaimFailedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["vp"] = _vp(e["vp"])
    return ""


def _prep_game_over(e: views.GameOverEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    winners = list(e["winners"])
    f["winners"] = join(winners)
    f["scores"] = text("list.sep").join(text("score", player=p, vp=_vp(v)) for p, v in e["vp"].items())
    return "" if len(winners) == 1 else "shared" if winners else "none"


def _prep_event_tie(e: views.EventTieEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["marker"] = who(e["marker"])            # here `marker` names a player, not a discovery marker
    return ""


def _prep_village_lost(e: views.VillageLostEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return "malaria" if e["cause"] == "malaria" else ""


def _prep_build_points_lost(e: views.BuildPointsLostEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    players = list(e["players"])
    f["players"] = join(players)
    f["bp"] = text("bp", n=e["bp"])
    return "one" if len(players) == 1 else ""


def _prep_build_points_gained(e: views.BuildPointsGainedEvent, f: dict[str, Any], rules: Ruleset,
                              sides: Sides | None) -> str:
    f["bp"] = text("bp", n=e["bp"])
    return ""


def _prep_pieces_gained(e: views.PiecesGainedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["count"], e["piece"])
    f["piece"] = _item(e["piece"], "many")
    return "" if e["count"] else "none"


def _prep_pieces_sunk(e: views.PiecesSunkEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    f["losses"] = "; ".join(text("loss", player=who(p), what=items(kinds)) for p, kinds in e["sunk"].items())
    return "" if e["pieces"] else "none"


def _prep_malaria_roll(e: views.MalariaRollEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["roller"] = rules.malaria_roller
    return ""


def _prep_none(e: LogEntry, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return ""


# Each function is annotated with the TypedDict of its kind, so mypy checks its key lookups; the table's value
# type takes `Any` for the event, as one Callable type cannot tie each kind to its own TypedDict.
PREP: dict[str, Prep] = {
    "game_started": _prep_game_started, "step_started": _prep_step_started, "turn_order": _prep_turn_order,
    "explorer_moved": _prep_explorer_moved, "explorer_enters": _prep_explorer_enters,
    "marker_drawn": _prep_marker_drawn, "explorer_returned": _prep_explorer_returned,
    "explorer_lost": _prep_explorer_lost, "kumara_roll": _prep_kumara_roll, "kumara": _prep_kumara,
    "transit": _prep_pieces, "stack_moved": _prep_pieces, "war_canoes_stopped": _prep_war_canoes_stopped,
    "battle_started": _prep_battle_started, "die_rolled": _prep_die_rolled, "retreat": _prep_retreat,
    "conquest": _prep_conquest, "build_planned": _prep_build_planned, "built": _prep_built,
    "built_kinds": _prep_built_kinds, "saved_build_point": _prep_saved_build_point,
    "vp_changed": _prep_vp_changed, "claim_failed": _prep_claim_failed, "game_over": _prep_game_over,
    "event_tie": _prep_event_tie, "village_lost": _prep_village_lost,
    "build_points_lost": _prep_build_points_lost, "build_points_gained": _prep_build_points_gained,
    "pieces_gained": _prep_pieces_gained, "pieces_sunk": _prep_pieces_sunk, "malaria_roll": _prep_malaria_roll,
}


def event_rule(kind: str, variant: str = "") -> str:
    """The rule that governs an event (of a variant: an island marker is E4.2, an ocean one E4.1)."""
    return EVENT_RULES.get(f"{kind}.{variant}") or EVENT_RULES[kind]


def event_line(event: LogEntry, rules: Ruleset, sides: Sides | None = None,
               tiles: Mapping[str, str] | None = None) -> Line:
    """One log event in words with its rule number. `sides`: the (attacker, defender) of the battle the event
    belongs to, when known (`event_lines` tracks them), so a die roll can say whose piece it hurts. A kind or a
    field the catalog cannot word is a KeyError: the tests hold every kind the engine emits to words."""
    kind = event["kind"]
    fields = _common(event, rules, tiles)
    prep: Prep = PREP.get(kind, _prep_none)
    variant = prep(event, fields, rules, sides)
    key = f"event.{kind}.{variant}" if variant else f"event.{kind}"
    if key not in EN:
        key = f"event.{kind}"         # a variant without words of its own (it may still have its own rule)
    return Line(_capital(text(key, **fields)), event_rule(kind, variant))


def event_lines(events: Iterable[LogEntry], rules: Ruleset, battles: dict[str, Sides] | None = None,
                tiles: Mapping[str, str] | None = None) -> list[Line]:
    """The lines of a stretch of the log, in order; it remembers who fights each battle, so that a die roll
    names the side it hurts. A log read in batches passes the same `battles` to each call; `tiles` names the
    hexes of face-up tiles."""
    battles = {} if battles is None else battles
    out = []
    for event in events:
        if event["kind"] == "battle_announced" or event["kind"] == "battle_started":
            battles[event["hex"]] = (event["attacker"], event["defender"])
        sides = battles.get(event["hex"]) if event["kind"] == "die_rolled" else None
        out.append(event_line(event, rules, sides, tiles))
    return out


# --- actions ----------------------------------------------------------------------------------------------------

CANOES = ("transport_canoe", "war_canoe")


def action_rule(action: Action) -> str:
    """The rule a verb carries out (docs/NOTATION.md's rule column)."""
    verb, args = action.verb, action.args
    if args[1:] == ("face_up",):
        return "X19"
    if verb in ("take", "leave") and len(args) >= 2:
        return "M5"
    return ACTION_RULES[verb]


def _target(value: str, rules: Ruleset, tiles: Mapping[str, str]) -> str:
    """An event's target: a player, or a hex."""
    return place(value, rules, tiles) if rules.map.has_name(value) and not value.isalpha() else value


def action_text(action: Action, rules: Ruleset, view: View | None = None) -> str:
    """A legal action as a short imperative a player would click ("Explore 0906", "Put a warrior band aboard
    a war canoe"). With the player's `view`, `end` and `done` say what they end. A verb or an argument the
    catalog cannot word is a KeyError: the tests hold every verb of the notation to words."""
    verb, args = action.verb, action.args
    if verb in FORMS:
        return FORMS[verb](args, rules, view)
    if not args:
        return text(f"action.{verb}")
    first, tiles = args[0], face_up_tiles(view)
    if verb in ("panic", "lose", "carry", "save"):
        return text(f"action.{verb}", a_piece=_item(first, "a"))
    if verb in ("use", "card", "show"):
        return text(f"action.{verb}", card=card_title(first, rules))
    if verb == "event":
        return text("action.event", card=event_title(first, rules))
    if verb in ("die", "tile"):
        return text(f"action.{verb}", face=first, tile=first)
    if verb == "choose":
        return text(f"action.choose.{first}")
    if verb == "target":
        return text("action.target", target=_target(first, rules, tiles))
    if verb == "transit":
        return text("action.transit", a_piece=_item(first, "a"), source=place(args[1], rules, tiles),
                    to=place(args[2], rules, tiles))
    if verb == "build":
        return text("action.build", a_item=_item(first, "a"), hex=place(args[1], rules, tiles),
                    cost=text("bp", n=rules.costs[first]))
    if verb == "buy":
        return text("action.buy", cost=text("bp", n=rules.costs["card"]), hex=place(first, rules, tiles))
    return text(f"action.{verb}", hex=place(first, rules, tiles))       # the verbs of one hex


def _end_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """What `end` ends, by the step and stage of the decision."""
    if view is None:
        return text("action.end")
    step, stage = view["decision"]["step"], view["decision"]["stage"]
    if step == "exploration":
        return text("action.end.explore_not" if stage == "start" else "action.end.exploration")
    if step == "movement":
        return text("action.end.transit" if stage == "transit" else "action.end.movement")
    return text("action.end.building" if step == "building" else "action.end")


def _done_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """`done` ends a party, or after a battle leaves the winner's canoes face down (M12)."""
    raising = view is not None and view["decision"]["kind"] == "raise"
    return text("action.done.raise" if raising else "action.done")


def _order_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """T2: with two players the direction makes no difference, and goes unsaid."""
    two = view is not None and len(view["players"]) == 2
    return text("action.order.two" if two else "action.order", first=args[0], direction=text(f"direction.{args[1]}"))


def _marker_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """A discovery marker named by its kind and knots ("island_2"); an off-course marker has no knots."""
    kind, _, knots = args[0].rpartition("_")
    if not knots.isdigit():
        kind, knots = args[0], "0"
    return text("action.marker", marker=text(f"marker.{kind}", knots=unit("knots", int(knots))))


def _take_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """`take`: a piece into the party, a passenger aboard a canoe (M5), the canoe named (X18), the face-up canoe
    (X19); the chain canoe is named as such when the mover's view says it comes next."""
    if len(args) >= 3:
        key = "action.take.named_fresh" if len(args) == 4 else "action.take.named"
        return text(key, a_piece=_item(args[0], "a"), canoe=_item(args[1]), n=args[2])
    if args[1:] == ("face_up",):
        return text("action.take.face_up")
    if len(args) == 2:
        return text("action.take.aboard", a_piece=_item(args[0], "a"), a_canoe=_item(args[1], "a"))
    movement = view["movement"] if view else None
    party = movement.get("party") if movement else None       # the mover's own view only
    if args[0] == "transport_canoe" and party and party["chain_canoe_next"]:
        return text("action.take.chain_canoe")
    walker = args[0] in ("warrior_band", "colony")
    return text("action.take.walker" if walker else "action.take", a_piece=_item(args[0], "a"))


def _leave_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    if len(args) == 2:
        return text("action.leave.aboard", piece=_item(args[0]), a_canoe=_item(args[1], "a"))
    if args[0] in CANOES:
        return text("action.leave.canoe", piece=_item(args[0]))
    return text("action.leave", a_piece=_item(args[0], "a"))


def _play_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    card = event_title(args[0], rules)
    if len(args) > 1:
        return text("action.play.target", card=card, target=_target(args[1], rules, face_up_tiles(view)))
    return text("action.play", card=card)


def _sail_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    if args[0] == "south_america":
        return text("action.sail.south_america")
    return text("action.sail", hex=place(args[0], rules, face_up_tiles(view)))


# The verbs with several forms, or whose words read the view.
FORMS: dict[str, Callable[[tuple[Any, ...], Ruleset, View | None], str]] = {
    "end": _end_text, "done": _done_text, "order": _order_text, "marker": _marker_text, "take": _take_text,
    "leave": _leave_text, "play": _play_text, "sail": _sail_text}


# --- the decision bar's headline ----------------------------------------------------------------------------------

def decision_headline(view: View, rules: Ruleset, verbs: set[str]) -> str:
    """What the human at the screen needs to see to decide: the tile they found, their party and its moves, the
    knots so far, the BP of their building areas; else whose decision it is."""
    exploring = view["exploration"]
    tiles = face_up_tiles(view)
    if {"keep", "reveal"} & verbs and exploring and exploring["target"]:
        record = next((r for r in view["hexes"] if r["hex"] == exploring["target"]), None)
        if record and record.get("tile"):
            return text("ui.found_tile", tile=record.get("tile"), hex=place(exploring["target"], rules, tiles))
    movement = view["movement"]
    party = movement.get("party") if movement else None       # the mover's own view only
    if movement and party is not None:
        boats = [text("ui.boat", canoe=_capital(_item(b["canoe"])), moves=unit("hexes", b["moves_left"]),
                      passenger=text("ui.boat.passenger", a_piece=_item(b["passenger"], "a")) if b["passenger"]
                      else "") for b in party["boats"]]
        boats += [text("ui.boat", canoe=_capital(_item("rumor")), moves=unit("hexes", m), passenger="")
                  for m in party["rumors"]]
        boats += [_capital(_item(w)) for w in party["walkers"]]
        return text("ui.party", hex=place(movement["party_at"], rules, tiles),
                    boats=text("list.sep").join(boats) if boats else text("ui.party.empty"))
    if exploring and exploring["player"] == view["you"] and {"explore", "return", "cross"} & verbs:
        return text("ui.knots", player_s=whose(exploring["player"]), knots=unit("knots", exploring["knots"]))
    building = view["building"]
    areas = building.get("areas") if building else None       # the builder's own view only
    if areas:
        return text("list.sep").join(area_bp(a, rules, tiles) for a in areas)
    return text("ui.your_decision", player=view["you"] or "")


def area_bp(area: AreaView, rules: Ruleset, tiles: Mapping[str, str]) -> str:
    """A building area's BP and where it lies (its first three hexes by name) (B1)."""
    hexes = [place(h, rules, tiles).split(" (")[0] for h in area["hexes"][:3]]
    more = "…" if len(area["hexes"]) > 3 else ""
    return text("ui.area_bp", bp=text("bp", n=area["bp"]), hexes=text("list.sep").join(hexes) + more)


def explorer_knots(player: str, knots: int) -> str:
    return text("ui.explorer_knots", player_s=whose(player), knots=unit("knots", knots))


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


# --- refusals ---------------------------------------------------------------------------------------------------

def save_problem(error: SaveError) -> str:
    """What went wrong with a save, in the language in use, and the English detail beside it (for a bug report);
    a file's folder says nothing to a player, so only its name is kept."""
    detail = re.sub(r"(?:[^\s'\"]*[/\\])+([^/\\\s'\":]+)", r"\1", str(error))
    return text("save.problem.detail", problem=text(f"save.problem.{error.kind}"), detail=detail)


def reason_text(reason: Reason, rules: Ruleset) -> str:
    """engine.why_not's reason in words, with its rule number."""
    data = dict(reason.data)
    if "hex" in data:
        data["hex"] = place(data["hex"], rules)
    if "item" in data:
        data["item_one"] = _item(data["item"])
        data["item"] = _capital(_item(data["item"], "a"))
    return text("why.with_rule", text=text(f"why.{reason.code}", **data), rule=reason.rule)


# --- decisions --------------------------------------------------------------------------------------------------

def decision_line(view: View, rules: Ruleset) -> Line:
    """Who decides now and why, with the rule: the view's `decision`, which the engine makes from the state (the
    kind names the template; the facts it carries fill it)."""
    decision = view["decision"]
    kind, actor = decision["kind"], decision["who"]
    fields: dict[str, str] = {}
    for role, name in (("player", actor), ("explorer", decision.get("explorer")),
                       ("attacker", decision.get("attacker")), ("claimant", decision.get("claimant"))):
        if name is not None:
            fields[role], fields[f"{role}_s"] = who(name), whose(name)
    if "hex" in decision:
        fields["hex"] = place(decision["hex"], rules, face_up_tiles(view))
    if "card" in decision:
        fields["card"] = event_title(decision["card"], rules)
    key = f"decision.{kind}"
    if kind == "over":
        winners = decision["winners"]
        fields["winners"] = join(winners)
        key += ".won" if len(winners) == 1 else ".shared" if winners else ""
    return Line(text(key, **fields), decision["rule"])


def decision_text(view: View, rules: Ruleset) -> str:
    """The HUD line: "Samoa chooses where Tonga's explorer drifts off course (E4.3)", from the view's decision."""
    line = decision_line(view, rules)
    return text("decision.with_rule", text=line.text, rule=line.rule)

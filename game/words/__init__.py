"""The client's words: events, actions and decisions as sentences in the language in use, each with its rule
number.

The log panel, the action list and the HUD line speak through this module. It reads only what the client has:
the JSON-ready dicts of `engine.observe()`, `engine.Action` values and the frozen `engine.Ruleset` (hex names,
card, tile and event titles), never a GameState (ruling X9).

Every English string the client draws is a template in `EN`, looked up through `text()`, so that other catalogs
(French, Italian, Korean) can be added beside it later without touching the functions. A rule number is data,
not words: it lives in the tables `EVENT_RULES` and `ACTION_RULES`, and for the pending decision in the view's
`decision`, which the engine makes: this module words facts, it never works them out from the log.

The package's modules: `english` (the source messages), `lookup` (the language in use, `text`), `names` (pieces of
sentences), `events` (the log), `actions`, `tooltips`, `decisions` (the decision bar and refusals). Everything is
re-exported here: the client says `words.text(...)`, never which module a phrase lives in.
"""
from __future__ import annotations

from .actions import ACTION_RULES, CANOES, FORMS, action_rule, action_text
from .decisions import decision_headline, decision_line, decision_text, reason_text, save_problem
from .english import EN
from .events import (
    EVENT_CARDS,
    EVENT_RULES,
    PLACE_FIELDS,
    PREP,
    WHO_FIELDS,
    Prep,
    Sides,
    event_line,
    event_lines,
    event_rule,
)
from .lookup import SUBJECTS, Line, Several, all_texts, language_in_use, set_language, text, translate
from .names import (
    card_text,
    card_title,
    count,
    event_title,
    face_up_tiles,
    items,
    join,
    option_title,
    place,
    signed,
    unit,
    who,
    whose,
)
from .tooltips import area_bp, explorer_knots, hex_lines, party_lines, player_lines

__all__ = [
    "ACTION_RULES",
    "CANOES",
    "EN",
    "EVENT_CARDS",
    "EVENT_RULES",
    "FORMS",
    "Line",
    "PLACE_FIELDS",
    "PREP",
    "Prep",
    "SUBJECTS",
    "Several",
    "Sides",
    "WHO_FIELDS",
    "action_rule",
    "action_text",
    "all_texts",
    "area_bp",
    "card_text",
    "card_title",
    "count",
    "decision_headline",
    "decision_line",
    "decision_text",
    "event_line",
    "event_lines",
    "event_rule",
    "event_title",
    "explorer_knots",
    "face_up_tiles",
    "hex_lines",
    "items",
    "join",
    "language_in_use",
    "option_title",
    "party_lines",
    "place",
    "player_lines",
    "reason_text",
    "save_problem",
    "set_language",
    "signed",
    "text",
    "translate",
    "unit",
    "who",
    "whose",
]

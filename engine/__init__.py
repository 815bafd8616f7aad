"""Paradise rules engine: the referee of Conquest of Paradise. Pure Python; never imports pygame.

The names below are the engine's whole public API (docs/ENGINE.md, "Public API"): the client, tools, benchmarks
and a server import these and `engine.ai` (the bots, a second public package), never another submodule;
tests/test_engine_boundary.py holds them to it. Three modules are exported whole, as each is reference data
with no game state: `views` (the shapes that cross to the client: the view, each event kind), `hexgrid` (the
board's geometry) and `hexmap` (the printed map a Ruleset's `map` is).

Everything here that returns a GameState or reads one whole is omniscient; what may reach a player is the view
and the events (`observe`, `events_since`). A name that tells hidden contents says so
(`chance_outcomes_omniscient`).
"""
from . import hexgrid, hexmap, views
from .actions import Action, IllegalAction
from .driver import play, step
from .explain import Reason, route, why_not
from .game import (
    CHANCE,
    apply,
    chance_outcomes_omniscient,
    current_player,
    is_over,
    legal_actions,
    parse_action,
    resolve_chance,
    vp,
    winner,
)
from .hidden import redeal
from .invariants import track_violations, view_violations, violations
from .ruleset import ConfigError, Ruleset, load_ruleset
from .runner import GameResult, play_game, vp_text
from .saves import SAVE_BYTES, SaveError, apply_recorded, from_data, load, replay, save, save_data, state_hash
from .scenario import ScenarioError, load_scenario
from .schema import NotAFile, TooLarge, read_bytes_capped, remove_stale_temporaries, write_atomically
from .setup import SetupError, check_options, deal_homes, new_game
from .state import STEP_NAMES, Event, GameState, UnknownPlayer
from .undo import Barrier, Undo, barrier
from .view import events_since, observe
from .views import (
    AreaView,
    BattleView,
    BuildingView,
    DecisionKind,
    DecisionView,
    EventKind,
    ExplorationView,
    HexView,
    LogEntry,
    MarkerView,
    MovementView,
    PieceKind,
    PlayerView,
    SquaresView,
    StackView,
    StepName,
    Verb,
    View,
)

__all__ = [
    # Reference modules, exported whole: the client's types and the map it draws (tools/draw_map.py too).
    "hexgrid", "hexmap", "views",
    # The referee: rules and set-up, whose turn, what is legal, applying actions and chance, undo, scoring.
    "Action", "CHANCE", "ConfigError", "Event", "GameState", "IllegalAction", "Ruleset", "STEP_NAMES",
    "ScenarioError", "SetupError", "UnknownPlayer", "apply", "check_options", "current_player", "deal_homes",
    "is_over", "legal_actions", "load_ruleset", "load_scenario", "new_game", "parse_action", "resolve_chance",
    "vp", "winner", "Barrier", "Undo", "barrier",
    # What may reach a player: the view, its events, and why an action is refused (words the client shows).
    "AreaView", "BattleView", "BuildingView", "DecisionKind", "DecisionView", "EventKind", "ExplorationView",
    "HexView", "LogEntry", "MarkerView", "MovementView", "PieceKind", "PlayerView", "Reason", "SquaresView",
    "StackView", "StepName", "Verb", "View", "events_since", "observe", "route", "why_not",
    # The one loop that moves a game (the client's match, the bots, the UI monkey, benchmarks), and headless
    # games between bots with their one-line result (main.py --headless, benchmarks).
    "GameResult", "play", "play_game", "step", "vp_text",
    # Saves: files, the data inside the client's save folders, and replaying a save action by action (the
    # client's replay viewer).
    "SAVE_BYTES", "SaveError", "apply_recorded", "from_data", "load", "replay", "save", "save_data", "state_hash",
    # Reading untrusted files with a size cap and writing files whole: the client's settings, saves and imports
    # use the engine's own.
    "NotAFile", "TooLarge", "read_bytes_capped", "remove_stale_temporaries", "write_atomically",
    # Omniscient, never for a player: chance's outcomes tell hidden contents; the checks of a whole state and
    # a re-dealt twin are for the fuzzer (bench/fuzz.py) and the property tests.
    "chance_outcomes_omniscient", "redeal", "track_violations", "view_violations", "violations",
]

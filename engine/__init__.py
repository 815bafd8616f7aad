"""Paradise rules engine: the referee of Conquest of Paradise. Pure Python; never imports pygame.

The names below are the engine's whole public API (ARCHITECTURE.md); the client, the bots and outside tests
use only these. `engine.views` declares the shapes that cross to the client (the view, each event kind); its
main names are exported here too.
"""
from . import views
from .actions import Action, IllegalAction
from .explain import Reason, route, why_not
from .game import (
    CHANCE,
    apply,
    chance_outcomes,
    current_player,
    is_over,
    legal_actions,
    parse_action,
    resolve_chance,
    vp,
    winner,
)
from .ruleset import ConfigError, Ruleset, load_ruleset
from .saves import SaveError, load, replay, save, state_hash
from .scenario import ScenarioError, load_scenario
from .setup import SetupError, deal_homes, new_game
from .state import Event, GameState, UnknownPlayer
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
    "Action", "AreaView", "Barrier", "BattleView", "BuildingView", "CHANCE", "ConfigError", "DecisionKind",
    "DecisionView", "Event", "EventKind", "ExplorationView", "GameState", "HexView", "IllegalAction", "LogEntry",
    "MarkerView", "MovementView", "PieceKind", "PlayerView", "Reason", "Ruleset", "SaveError", "ScenarioError",
    "SetupError", "SquaresView", "StackView", "StepName", "Undo", "UnknownPlayer", "Verb", "View", "apply", "barrier",
    "chance_outcomes", "current_player", "deal_homes", "events_since", "is_over", "legal_actions", "load",
    "load_ruleset", "load_scenario", "new_game", "observe", "parse_action", "replay", "resolve_chance", "route",
    "save", "state_hash", "views", "vp", "why_not", "winner",
]

"""The table scene and its sections (CLIENT.md: the map, the players, the decision bar, the log, the menus)."""
from .map import home_zoom
from .scene import TableScene

__all__ = ["TableScene", "home_zoom"]

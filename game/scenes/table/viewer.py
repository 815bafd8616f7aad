"""Who is looking at the table (CLIENT.md, who sees what).

With several humans at one screen, the table shows one viewer's view at a time. This object remembers whose
view is on screen, the human who holds the screen (the last to see their own view: after bots' turns they take
it back without a hand-off), what each human last saw (the view and the size of their log: where "since your
last turn" starts) and where each viewer left the map.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import engine

Where = tuple[float, float, float]          # a camera's x, y and zoom


@dataclass
class Viewer:
    shown: str | None                       # whose view is on screen (a hand-off changes it)
    decides: str | None = None              # the viewer the match asked for last (Match.viewer)
    holder: str | None = None               # the human who last saw their own view
    seen: dict[str, tuple[engine.View, int]] = field(default_factory=dict)
    cameras: dict[str | None, Where] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.decides = self.holder = self.shown

    def leave(self, view: engine.View, log_size: int, camera: Where, several: bool) -> None:
        """The viewer on screen leaves it: the map stays where they looked; with several humans, what they saw
        is kept for their return."""
        old = self.shown
        self.cameras[old] = camera
        if old is not None and several:
            self.seen[old] = (view, log_size)

    def arrive(self, viewer: str | None) -> bool:
        """A viewer takes the screen; True when it is the holder coming back (they watched what happened)."""
        self.shown = viewer
        returning = viewer is not None and viewer == self.holder
        if viewer is not None:
            self.holder = viewer
        return returning

    def last_seen(self, viewer: str | None) -> tuple[engine.View, int] | None:
        return self.seen.get(viewer) if viewer is not None else None

    def camera_for(self, viewer: str | None) -> Where | None:
        """Where this viewer left the map; None when the map should stay (the holder watching the public
        view) or go home (their first look)."""
        return self.cameras.get(viewer)

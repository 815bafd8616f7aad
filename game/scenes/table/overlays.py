"""The scenes the table puts over its map: the battle while one is fought (scenes/battle.py) and "since your last
turn" (scenes/recap.py). They are scenes of their own, asked for by name; each sits right above the table, under
any dialog, and lets the intents it does not use through to the table."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...ui.overlay import Overlay

if TYPE_CHECKING:
    from .scene import TableScene


class Overlays:
    NAMES = ("battle", "recap")

    def __init__(self, table: TableScene):
        self.table = table
        self.scenes: dict[str, Overlay] = {}

    def get(self, name: str) -> Any:
        return self.scenes.get(name)

    def put(self, name: str, content: Any) -> None:
        """Show the overlay `name` with this content (a battle model, the recap's lines), in place of any
        before it; None takes it away."""
        current = self.scenes.pop(name, None)          # first: the table entering again must not put it back
        if current is not None:
            self.table.app.remove(current)
        if content is not None:
            app = self.table.app           # each by its own name: App.make checks what each is given
            overlay: Overlay = (app.make("battle", self.table, content) if name == "battle"
                                else app.make("recap", self.table, content))
            self.scenes[name] = overlay
            self.attach()

    def attach(self) -> None:
        """With the table on the stack, every overlay goes over it (one made before the table was pushed, too)."""
        app = self.table.app
        if self.table not in app.stack:
            return
        for name in self.NAMES:
            overlay = self.scenes.get(name)
            if overlay is not None and overlay not in app.stack:
                app.insert_above(self.table, overlay)

    def rects(self) -> dict[str, pygame.Rect]:
        return {name: self.scenes[name].rect() for name in self.NAMES if name in self.scenes}

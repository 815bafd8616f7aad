"""What the pointer or the cursor is on, over the map: the hovered hex (only over the map itself, and found again
when the camera or a panel moves under a resting pointer) and its tooltip, where it covers neither the bar, the
coach nor an overlay. A part of the map's section (map.py), apart so that each stays short.
"""
from __future__ import annotations

import pygame

from ... import words
from ...render import hud
from ...ui import prompts
from .marks import MapMarks


class MapHover(MapMarks):
    """The hover and the hex's tooltip; the map's section (MapSection) finds the hex under a point."""
    pointer: tuple[float, float]
    hovered_at: tuple[object, ...]    # the camera and the covers when the hover was found

    def hex_at(self, x: float, y: float) -> int:
        return self.layout.hex_at(*self.camera.to_world(x, y))

    def point_at(self) -> None:
        """The hovered hex: the one under the pointer, while the pointer is over the map itself (not a panel,
        the bar, the coach or an overlay over it)."""
        table, (x, y) = self.table, self.pointer
        over_map = table.over_panel(x, y) is None and not any(r.collidepoint(x, y) for r in table.covers())
        self.hover = self.hex_at(x, y) if over_map else -1
        self.hovered_at = self.view_key()

    def view_key(self) -> tuple[object, ...]:
        """Where the camera stands and what lies over the map: when either changes, a resting pointer is over
        another hex, or over the bar or a battle's panel come under it."""
        return self.camera.x, self.camera.y, self.camera.zoom, tuple(tuple(r) for r in self.table.covers())

    def follow_pointer(self) -> None:
        """The camera moved under the resting pointer (a pan by keys, a glide, a drag), or a panel came over
        the map there: the hover is what is under it now, so a tooltip never stays where its hex was."""
        if self.hover >= 0 and self.hovered_at != self.view_key():
            self.point_at()

    def tooltip(self, screen: pygame.Surface) -> None:
        """What the hovered hex (or the cursor's, while keys move it) holds, and what choosing it would do, with
        the device's own control; beside it, never over the bar, the coach or an overlay where it can help it."""
        h = self.hover if self.pointing else self.keys_hex()
        if h < 0:
            return
        table, rules = self.table, self.rules
        centre = self.camera.to_screen(*self.layout.centres[h])
        if any(rect.collidepoint(centre) for rect in table.overlays.rects().values()):
            return                                  # the cursor's hex lies under the battle: its panel says it
        view = table.shown
        label = rules.map.labels[h]
        record = next((r for r in view["hexes"] if r["hex"] == label), None)
        lines = words.hex_lines(record, label, rules.map.kinds[h], rules, words.face_up_tiles(view))
        actions = table.plan.by_hex.get(h)
        if actions:                                 # "Click: ..." with the mouse, "Enter: ..." or "A: ..." else
            device = table.app.input
            said = prompts.variant(device, "ui.tip.one" if len(actions) == 1 else "ui.tip.many")
            lines.append(words.text(said, action=words.action_text(actions[0], rules, view), n=len(actions),
                                    **prompts.names(device)))
        at = self.pointer if self.pointing else centre
        room = self.room(screen.get_rect(), at)
        if room is None:
            return
        drawn = hud.tooltip(screen, at, lines, self.scale, [table.bar.rect, *self.lit_rects()], room)
        table.redraw.moved(drawn)

    def keys_hex(self) -> int:
        """The cursor's hex while its tooltip may show: the keys' or the pad's focus on the map (a hex, or no
        stop) during the human's own decision. Not once the focus is on a button or a player's row, where the
        tooltip would cover the hex asked for, nor through the other players' turns (issue 40)."""
        table = self.table
        stop = table.focus.stop()
        return self.cursor if table.legal and (stop is None or stop[0] == "hex") else -1

    def room(self, screen: pygame.Rect, at: tuple[float, float]) -> pygame.Rect | None:
        """Where a hex's tooltip may stand: the screen but what an overlay or the coach's panel covers (the
        largest band beside each that holds `at`); None when too narrow a band is left."""
        table, room = self.table, screen
        coach = [table.coach.rect] if table.coach is not None else []
        for rect in (*table.overlays.rects().values(), *coach):      # the bar is only avoided where it can be
            if not room.colliderect(rect):
                continue
            bands = (pygame.Rect(room.x, room.y, rect.left - room.x, room.h),
                     pygame.Rect(rect.right, room.y, room.right - rect.right, room.h),
                     pygame.Rect(room.x, room.y, room.w, rect.top - room.y),
                     pygame.Rect(room.x, rect.bottom, room.w, room.bottom - rect.bottom))
            held = [band for band in bands if band.collidepoint(at)]
            if not held:
                return None
            room = max(held, key=lambda band: band.w * band.h)
        unit = self.scale.unit
        return room if room.w >= unit * 12 and room.h >= unit * 4 else None

"""What the pointer or the cursor is on, over the map: the hovered hex (only over the map itself, and found again
when the camera or a panel moves under a resting pointer) and its tooltip, within the map's open area (below the
top bar, beside the side panels, above the decision bar) and clear of the coach and the overlays, its words drawn
smaller at a large UI scale where they would take too much of that area. A part of the map's section (map.py),
apart so that each stays short.
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import theme, words
from ...render import hud
from ...theme import Scale
from ...ui import prompts
from .marks import MapMarks

TIP_SHARE = 0.4                   # the most of the open area's height a hex's tooltip may take (issue 40)


class MapHover(MapMarks):
    """The hover and the hex's tooltip; the map's section (MapSection) finds the hex under a point."""
    pointer: tuple[float, float]
    hovered_at: tuple[object, ...]    # the camera and the covers when the hover was found
    drawn: list[tuple[int, pygame.Rect]]    # where the pieces were drawn last, by hex (their words: labels_near)

    def sight(self) -> pygame.Rect:
        """The map's open area clear of the decision bar (MapSection's)."""
        raise NotImplementedError

    def hex_at(self, x: float, y: float) -> int:
        return self.layout.hex_at(*self.camera.to_world(x, y))

    def point_at(self) -> None:
        """The hovered hex: the one under the pointer, while the mouse points (`pointing`) over the map itself
        (not a panel, the bar, the coach or an overlay over it)."""
        table, (x, y) = self.table, self.pointer
        over_map = table.over_panel(x, y) is None and not any(r.collidepoint(x, y) for r in table.covers())
        self.hover = self.hex_at(x, y) if over_map and self.pointing else -1
        self.hovered_at = self.view_key()

    def view_key(self) -> tuple[object, ...]:
        """Where the camera stands and what lies over the map: when either changes, a resting pointer is over
        another hex, or over the bar or a battle's panel come under it."""
        return self.camera.x, self.camera.y, self.camera.zoom, tuple(tuple(r) for r in self.table.covers())

    def follow_pointer(self) -> None:
        """The camera moved under the resting pointer (a pan by keys, a glide, a drag), or a panel came over
        the map there: the hover is what is under it now, so a tooltip never stays where its hex was; none once
        the keys or a pad are in use, whose focus alone is marked (issue 40: a hover's outline and route stayed
        under the resting pointer beside the pad's)."""
        if self.hover >= 0 and (self.hovered_at != self.view_key() or not self.pointing):
            self.point_at()

    def tooltip(self, screen: pygame.Surface) -> None:
        """What the hovered hex (or the cursor's, while keys move it) holds, and what choosing it would do, with
        the device's own control; beside it, within the map's open area, never over a panel, the bar, the coach
        or an overlay."""
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
        room = self.room(self.sight(), at)
        if room is None:
            return
        drawn = hud.tooltip(screen, at, lines, tip_scale(self.scale, lines, room),
                            [table.bar.rect, *self.lit_rects(), *self.labels_near(h)], room)
        table.redraw.moved(drawn)

    def labels_near(self, h: int) -> list[pygame.Rect]:
        """Where the words round hex `h` stand on screen, two hexes out: the islands' names, the stacks with
        their heights and what they hold ("1T 1C"); a tooltip covering them hid the neighbours (issue 40)."""
        near = {n for a in self.art.reach[h] for n in self.art.reach[a]}
        size = self.layout.size * self.camera.zoom
        names = (self.art.name_rect(self.camera.to_screen(*self.layout.centres[n]), size, said)
                 for n, said in self.art.names_in(near, self.table.shown))
        return [*(rect for rect in names if rect is not None), *(rect for n, rect in self.drawn if n in near)]

    def keys_hex(self) -> int:
        """The cursor's hex while its tooltip may show: the focused hex (below) during the human's own decision,
        not through the other players' turns (issue 40)."""
        return self.focused_hex() if self.table.legal else -1

    def focused_hex(self) -> int:
        """The cursor's hex while the keys' or the pad's focus is on the map (a hex, or no stop), where it wears
        the focus ring: not once the focus is on a button, a player's row or a card, where a second ring would
        say the focus is in two places (after a confirmation's Cancel, the player looked for it on the map)
        and the tooltip would cover the hex asked for; nor once the player acted (issue 40: the tooltip stayed on
        the hex just used); nor while the mouse points."""
        return -1 if self.pointing else self.table.focus.hex()

    def room(self, area: pygame.Rect, at: tuple[float, float]) -> pygame.Rect | None:
        """Where a hex's tooltip may stand: the map's open `area` but what an overlay or the coach's panel covers:
        the largest band beside each that holds `at`, or, where none that holds it is large enough (a hex beside
        the battle panel, or above the open area beside the coach), the largest band; None when `at` lies under
        one (the panel says it), or too small a band is left."""
        table, room = self.table, area
        unit = self.scale.unit

        def roomy(band: pygame.Rect) -> bool:
            return band.w >= unit * 12 and band.h >= unit * 4
        coach = [table.coach.rect] if table.coach is not None else []
        for rect in (*table.overlays.rects().values(), *coach):
            if rect.collidepoint(at):
                return None
            if not room.colliderect(rect):
                continue
            bands = (pygame.Rect(room.x, room.y, rect.left - room.x, room.h),
                     pygame.Rect(rect.right, room.y, room.right - rect.right, room.h),
                     pygame.Rect(room.x, room.y, room.w, rect.top - room.y),
                     pygame.Rect(room.x, rect.bottom, room.w, room.bottom - rect.bottom))
            room = max(bands, key=lambda band: (band.collidepoint(at) and roomy(band), band.w * band.h))
        return room if roomy(room) else None


def tip_scale(scale: Scale, lines: Sequence[str], room: pygame.Rect) -> Scale:
    """The sizes a hex's tooltip is drawn at: the UI scale's, or smaller (never under UI scale 1's) where its
    words, wrapped as hud.tooltip wraps them in `room`, would stand taller than TIP_SHARE of it: at UI scale 2 a
    tooltip grown whole hid half the map (issue 40)."""
    def fits(s: Scale) -> bool:
        width = hud.tooltip_width(room, s.unit)
        count = sum(len(theme.wrap(line, s.small, width)) for line in lines)
        return count * theme.font(s.small).get_linesize() + s.unit <= room.h * TIP_SHARE
    return scale.fitting(fits)

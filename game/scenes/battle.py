"""The battle at the table (M8-M12): an overlay on the map while a battle is fought.

It shows both sides as the rules see them: the front row that fights, the local warriors (M8.2, M13), the back
row (bands a transport canoe brought, non-combat pieces), the pieces that panicked, the battle cards each side
played, the villages at stake; the tray where the die is thrown (game/dice.py); and what the last roll did, with
the row of the battle table that applies and why (the face, a card's modifier). The owner's choices (panic
picks, retreat, saving villages, a new home) stay the table's gestures: the lit hexes and the decision bar, so
the overlay (`BattleScene`, put over the table when a battle starts) lets every intent through to the table.

The panel follows the events as their animations end (a copy of the battle, moved on event by event), and takes
the view's battle as the truth whenever the table installs a view. While the die rolls, a hint under the tray says
how to skip it, in the glyphs of the device used last.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import pygame

from engine import Ruleset

from .. import anim, dice, theme, words
from ..app import App, scene
from ..battle import LOCAL, BattleModel, Roll, Side, table_cells
from ..input import Intent
from ..render import particles, tween
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import draw_hints
from ..ui.overlay import Overlay


@scene("battle")
class BattleScene(Overlay):
    """The battle over the table's map: it stands at the top of the map, or above the decision bar when the
    battle's hex is up there, and shrinks to a strip when the decision lights a hex it would cover (a retreat,
    a new home)."""

    def __init__(self, app: App, table: Any, model: BattleModel):
        super().__init__(app)
        self.table = table
        self.model = model
        self.sizes = app.scale                # the sizes the panel is drawn at (rect)
        self._fit: tuple[Hashable, Scale, float] | None = None      # fit(), for what it was worked out for

    def rect(self) -> pygame.Rect:
        """Where the panel stands, at the sizes it is drawn at (`sizes`)."""
        table, screen_w = self.table, self.app.screen.get_width()
        area: pygame.Rect = table.open_area()
        floor: int = table.bar.rect.top if table.legal else area.bottom
        key = (repr(self.model.sides), self.model.locals, floor, tuple(area), screen_w, self.app.scale.unit)
        if self._fit is None or self._fit[0] != key:
            self._fit = (key, *self.fit(area, floor, screen_w))
        _, scale, tall = self._fit
        self.sizes = scale
        m, camera, layout = self.app.rules.map, table.map.camera, table.map.layout
        h = m.hex_of(self.model.hex) if m.has_name(self.model.hex) else -1
        hx, hy = camera.to_screen(*layout.centres[h]) if h >= 0 else (-1e9, -1e9)
        top = not panel_rect(area, screen_w, scale, tall).inflate(scale.unit * 3, scale.unit * 3).collidepoint(hx, hy)
        full = panel_rect(area, screen_w, scale, tall, top, floor)
        covered = any(full.collidepoint(camera.to_screen(*layout.centres[lit])) for lit in table.plan.by_hex)
        return panel_rect(area, screen_w, scale, COMPACT * scale.unit, top, floor) if covered else full

    def fit(self, area: pygame.Rect, floor: int, screen_w: int) -> tuple[Scale, float]:
        """The panel's sizes and height above `floor`: the UI scale's, or smaller (down to UI scale 1's) where
        the tray and both sides would not fit; with no room for them even then, the strip (with the battle
        table when it fits)."""
        rules = self.app.rules

        def room(scale: Scale) -> float:
            return floor - area.y - scale.unit * 1.4
        scale = self.app.scale.fitting(lambda s: least(panel_width(screen_w, s), self.model, rules, s) <= room(s))
        width = panel_width(screen_w, scale)
        tall = min(parts(width, self.model, rules, scale) + band(width, self.model, rules, scale), room(scale))
        if tall < least(width, self.model, rules, scale):
            strip = COMPACT * scale.unit
            below = strip + grid(width - scale.unit * 1.2, cell_labels(self.model, rules), scale)[2] \
                + scale.unit * 0.4
            tall = below if below <= tall else strip
        return scale, tall

    def handle(self, intent: Intent) -> bool:
        return False

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.rect()
        queue: anim.Queue = self.table.anim
        moments = [c for c in queue.items if c.begun and getattr(c, "hex", None) == self.model.hex]
        draw(screen, rect, self.model, queue.throw, self.app.rules, self.sizes, words.face_up_tiles(self.table.shown),
             self.app.input, moments)


# --- drawing ----------------------------------------------------------------------------------------------------

TRAY_SHARE = 0.4           # the tray's width, as a share of the panel's (less when the panel has no room)
COMPACT = 3.2              # the strip's height, in units
ROLLING = (("select", "hint.skip"),)          # the hint while the die rolls: any key or click skips it
CELL_GAP = 4               # pixels between the cells of the battle table


def panel_width(screen_w: int, scale: Scale) -> int:
    """The panel's width: 38 units, as its sides, tray and table need, past the map's edges onto the columns
    beside it when the map is narrower (a large UI scale), never past the window's."""
    return round(min(scale.unit * 38, screen_w - scale.unit * 2))


def panel_rect(area: pygame.Rect, screen_w: int, scale: Scale, height: float, top: bool = True,
               floor: float | None = None) -> pygame.Rect:
    """Where the panel stands: across the top of the map, or above `floor` (the decision bar) at its bottom;
    centred on the map, inside the window."""
    unit = scale.unit
    rect = pygame.Rect(0, 0, panel_width(screen_w, scale), round(height))
    if top:
        rect.midtop = (area.centerx, area.y + unit * 0.8)
    else:
        rect.midbottom = (area.centerx, round((area.bottom if floor is None else floor) - unit * 0.6))
    rect.x = max(unit, min(rect.x, screen_w - unit - rect.w))
    return rect


def band(width: float, model: BattleModel, rules: Ruleset, scale: Scale) -> float:
    """The height of the band between the title and the last roll: the tray at its share of the width, or
    taller where a side's lines need it (the side boxes stand a unit taller than the band)."""
    return max(width * TRAY_SHARE * dice.TRAY[1] / dice.TRAY[0], sides_height(width, model, rules, scale) - scale.unit)


def least(width: float, model: BattleModel, rules: Ruleset, scale: Scale) -> float:
    """The panel's smallest height with its tray and both sides whole; a lower panel is the strip."""
    unit = scale.unit
    return parts(width, model, rules, scale) + max(unit * 4, sides_height(width, model, rules, scale) - unit)


def sides_height(width: float, model: BattleModel, rules: Ruleset, scale: Scale) -> float:
    """How tall the taller side's box stands beside a tray at its share of the panel (a smaller tray leaves
    the sides wider, so never taller)."""
    unit = scale.unit
    column = round((width - unit * 2.8 - width * TRAY_SHARE) / 2)
    line_h = theme.font(scale.small).get_linesize()
    return max(line_h + sum((len(theme.wrap(line, scale.small, column)) + 0.15) * line_h
                            for line in side_lines(side, i, model, rules)) for i, side in enumerate(model.sides))


def parts(width: float, model: BattleModel, rules: Ruleset, scale: Scale) -> float:
    """How tall the panel stands without its tray: the title, the line of the last roll, the table and the gaps
    between them (as `draw` puts them)."""
    unit = scale.unit
    head = theme.font(scale.body, "bold").get_height()
    line = theme.font(scale.small).get_linesize()
    return unit * 2.6 + head + line + grid(width - unit * 1.2, cell_labels(model, rules), scale)[2]


def draw(screen: pygame.Surface, rect: pygame.Rect, model: BattleModel, throwing: anim.DieThrow | None,
         rules: Ruleset, scale: Scale, tiles: Mapping[str, str], device: prompts.Device,
         moments: Sequence[anim.Anim] = ()) -> None:
    """The panel: title, the two sides, the tray with the front rows and the die, what the last roll did (while
    the die rolls, how to skip it), the battle table; in a strip (no room for the tray), the title and the last
    roll, and the table under them when it fits. `moments`: the clips playing at the battle's hex (a panic, a
    removal, a conquest), which the figures in the tray act out."""
    unit = scale.unit
    fixed = parts(rect.w, model, rules, scale)
    roll = None if throwing is not None else model.rolls[-1] if model.rolls else None
    theme.panel(screen, rect, alpha=255)             # opaque: at a large UI scale it lies over the columns
    attacker, defender = model.sides
    title = words.text("battle.title", hex=words.place(model.hex, rules, tiles),
                       attacker=words.who(attacker.name), defender=words.who(defender.name))
    if model.villages:
        title = words.text("battle.title.villages", title=title, villages=words.count(model.villages, "village"))
    x, y = rect.x + unit * 0.6, rect.y + unit * 0.4
    head = theme.text(theme.fit(title, scale.body, rect.w - unit * 1.2, "bold"), scale.body, theme.INK, "bold")
    screen.blit(head, (x, y))
    last = model.outcome[-1] if model.outcome else roll_line(model)
    if rect.h < least(rect.w, model, rules, scale):
        line = theme.text(theme.fit(last, scale.small, rect.w - unit * 1.2), scale.small, theme.INK)
        screen.blit(line, (x, y + head.get_height()))
        if rect.h > round(COMPACT * unit):                # the strip with the table under it
            battle_table(screen, table_area(rect, model, rules, scale), model, roll, rules, scale)
        return
    y += head.get_height() + unit * 0.3
    room = rect.h - fixed                             # the band of the tray and the sides
    tray_w = min(rect.w * TRAY_SHARE, room * dice.TRAY[0] / dice.TRAY[1])
    tray = pygame.Rect(0, 0, round(tray_w), round(tray_w * dice.TRAY[1] / dice.TRAY[0]))
    tray.midtop = (rect.centerx, round(y + unit * 0.4 + (room - tray.h) / 2))
    column = (tray.x - unit * 0.8) - x
    side_box(screen, pygame.Rect(round(x), round(y), round(column), round(room + unit)), attacker, 0, model, rules,
             scale)
    side_box(screen, pygame.Rect(tray.right + round(unit * 0.8), round(y), round(column), round(room + unit)),
             defender, 1, model, rules, scale)
    dice.draw_tray(screen, tray)
    clip = screen.get_clip()
    screen.set_clip(tray.clip(clip) if clip else tray)
    front_rows(screen, tray, model, throwing, moments)
    if throwing is not None:
        throwing.draw_tray(screen, tray)
    elif model.throw is not None:
        dice.draw_die(screen, tray, model.throw.rest)
    screen.set_clip(clip)
    if throwing is None and model.throw is None:
        waiting = theme.text(words.text("battle.waiting"), scale.small, (220, 236, 226), "semibold")
        screen.blit(waiting, waiting.get_rect(center=tray.center))
    y += unit * 1.2 + room
    if throwing is None and last:
        text = theme.text(theme.fit(last, scale.small, rect.w - unit * 1.2, "semibold"), scale.small, theme.INK,
                          "semibold")
        screen.blit(text, text.get_rect(midtop=(rect.centerx, round(y))))
    elif throwing is not None:
        row = pygame.Rect(round(x), round(y), rect.w - unit * 1.2, theme.font(scale.small).get_linesize())
        draw_hints(screen, device, ROLLING, row, scale)
    battle_table(screen, table_area(rect, model, rules, scale), model, roll, rules, scale)


FIGURES = 4                # the most figures a side shows in the tray (its box says how many there are)


def front_rows(screen: pygame.Surface, tray: pygame.Rect, model: BattleModel, throwing: anim.DieThrow | None,
               moments: Sequence[anim.Anim]) -> None:
    """The front rows as figures at both ends of the tray (M8.2: those that fight), facing each other. As the die
    is thrown they lunge (a step back, then at each other) and clash; a piece that panics runs off its end of the
    tray and fades, a removed one falls and sinks; a conquest bursts over the tray."""
    tall = tray.h * 0.3
    lunge = clash(throwing.elapsed) if throwing is not None and not throwing.hurried else 0.0
    for index, side in enumerate(model.sides):
        front = [k for k, n in side.front.items() for _ in range(n)]
        if index == 1:
            front += [LOCAL] * model.locals
        owner = side.name if side.name in theme.TRIBES else "independent"
        toward = 1 if index == 0 else -1
        leaving = {c.piece: c for c in moments if isinstance(c, anim.Flee | anim.Sink)
                   and (c.owner == side.name or (index == 1 and c.piece == LOCAL))}
        shown = front[:FIGURES]
        last = {kind: i for i, kind in enumerate(shown)}            # the figure of each kind that leaves first
        for i, kind in enumerate(shown):
            gone = leaving.get(kind) if last[kind] == i else None
            inset = tray.w * (0.1 + 0.04 * (i % 2))                  # a ragged column, as a row on a beach
            x = tray.x + inset if index == 0 else tray.right - inset
            y = tray.y + tray.h * (i + 1) / (len(shown) + 1) + tall * 0.2
            x += toward * lunge * tray.w * 0.12
            figure = anim.sprite(kind, owner, tall, 0.0 if index == 0 else math.pi)
            if index == 1 and kind not in ("war_canoe", "transport_canoe"):
                figure = pygame.transform.flip(figure, True, False)
            alpha = 1.0
            if isinstance(gone, anim.Flee):
                x -= toward * tween.in_back(gone.t) * tray.w * 0.3
                alpha = 1 - gone.t
            elif isinstance(gone, anim.Sink):
                figure = pygame.transform.rotate(figure, toward * 70 * tween.out_cubic(gone.t))
                y += gone.t * tall * 0.6
                alpha = 1 - gone.t
            if alpha > 0:
                anim.blit(screen, figure, (x, y), alpha)
    if throwing is not None and not throwing.still and 0.3 < throwing.elapsed < 0.9:
        spark = particles.Puff("burst", throwing.throw.seed, count=10)
        spark.draw(screen, (tray.centerx, tray.y + tray.h * 0.45), tray.h * 0.4, throwing.elapsed - 0.3)
    for c in moments:
        if isinstance(c, anim.Conquest) and not c.still:
            c.puff(screen, c.burst, tray.center, tray.h * 0.6, c.elapsed)


def clash(t: float) -> float:
    """How far the front rows have stepped toward each other `t` seconds into the throw (0 at home, 1 at the
    clash): a step back (anticipation), the lunge, a moment locked, and back (follow-through)."""
    if t < 0.12:
        return -0.25 * tween.pulse(t / 0.24)
    if t < 0.35:
        return tween.out_cubic((t - 0.12) / 0.23)
    if t < 0.5:
        return 1.0
    return 1 - tween.smooth(min(1.0, (t - 0.5) / 0.4))


def side_box(screen: pygame.Surface, box: pygame.Rect, side: Side, index: int, model: BattleModel, rules: Ruleset,
             scale: Scale) -> None:
    """One side: its name, then its role, its rows and its cards, each wrapped to the box (as tall as
    `sides_height` says; clipped to it)."""
    unit, size = scale.unit, scale.small
    line_h = theme.font(size).get_linesize()
    clip = screen.get_clip()
    screen.set_clip(box.clip(clip))
    x = box.x
    y: float = box.y
    theme.draw_tribe(screen, side.name, (x + unit * 0.35, y + line_h * 0.55), unit * 0.3,
                     fill=None if side.name in theme.TRIBES else theme.LOCAL_WARRIOR)
    screen.blit(theme.text(theme.fit(words.who(side.name), size, box.w - unit, "bold"), size, theme.INK, "bold"),
                (x + unit * 0.9, y))
    y += line_h
    for i, line in enumerate(side_lines(side, index, model, rules)):
        for part in theme.wrap(line, size, box.w):
            screen.blit(theme.text(part, size, theme.MUTED if i == 0 else theme.INK), (x, y))
            y += line_h
        y += line_h * 0.15
    screen.set_clip(clip)


def side_lines(side: Side, index: int, model: BattleModel, rules: Ruleset) -> list[str]:
    """What a side's box says under its name: its role, the pieces that fight (the defender's local warriors
    too), its back row, what panicked, the cards it played."""
    front = dict(side.front)
    if index == 1 and model.locals:
        front[LOCAL] = model.locals
    lines = [words.text("battle.attacker" if index == 0 else "battle.defender"),
             words.text("battle.front", pieces=words.items(front) if front else words.text("battle.nobody"))]
    if side.back:
        lines.append(words.text("battle.back", pieces=words.items(side.back)))
    if side.panicked:
        lines.append(words.text("battle.panicked", pieces=words.items(side.panicked)))
    if side.cards:
        lines.append(words.text("battle.cards", cards=words.join([words.card_title(c, rules) for c in side.cards])))
    return lines


def roll_line(model: BattleModel) -> str:
    """What the last roll did, with the row of the battle table and why (a card's modifier, a reroll)."""
    if not model.rolls:
        return ""
    roll = model.rolls[-1]
    names = {"attacker": words.who(model.sides[0].name), "defender": words.who(model.sides[1].name),
             "attacker_s": words.whose(model.sides[0].name), "defender_s": words.whose(model.sides[1].name)}
    result = words.text(f"die.{roll.result}", **names)
    if roll.again:
        return words.text("battle.roll.again", face=roll.face)
    if roll.modifier:
        return words.text("battle.roll.modified", face=roll.face, modifier=words.signed(roll.modifier),
                          final=roll.final, result=result)
    return words.text("battle.roll", face=roll.face, result=result)


def table_area(panel: pygame.Rect, model: BattleModel, rules: Ruleset, scale: Scale) -> pygame.Rect:
    """Where the battle table stands: across the foot of the panel."""
    unit = scale.unit
    width = panel.w - round(unit * 1.2)
    tall = round(grid(width, cell_labels(model, rules), scale)[2])
    return pygame.Rect(panel.x + round(unit * 0.6), panel.bottom - round(unit * 0.4) - tall, width, tall)


def battle_table(screen: pygame.Surface, rect: pygame.Rect, model: BattleModel, roll: Roll | None, rules: Ruleset,
                 scale: Scale) -> None:
    """M8.4's table in `rect`, one cell per result, the cell of the last roll lit."""
    groups = table_cells(rules)
    lit = lit_cell(roll, groups)
    line_h = theme.font(scale.small).get_linesize()
    for i, (cell, lines) in enumerate(cell_rects(rect, cell_labels(model, rules), scale)):
        pygame.draw.rect(screen, theme.HIGHLIGHT if i == lit else (236, 228, 208), cell, border_radius=6)
        top = cell.centery - line_h * len(lines) / 2
        for k, line in enumerate(lines):
            text = theme.text(line, scale.small, theme.INK, "bold" if i == lit else "regular")
            screen.blit(text, text.get_rect(center=(cell.centerx, round(top + line_h * (k + 0.5)))))


def cell_labels(model: BattleModel, rules: Ruleset) -> list[str]:
    """The words of each cell of the table: its faces and what they do to whom."""
    names = {"attacker": words.who(model.sides[0].name), "defender": words.who(model.sides[1].name)}
    labels = []
    for faces, result in table_cells(rules):
        span = str(faces[0]) if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"
        labels.append(words.text(f"battle.cell.{result}", faces=span, **names))
    return labels


def grid(width: float, labels: list[str], scale: Scale) -> tuple[int, tuple[tuple[str, ...], ...], float]:
    """How the table fits `width`: as many cells a row as let every label show whole in at most two lines
    (measured in bold, as the lit cell draws it), each label's lines, and the table's height."""
    size, unit = scale.small, scale.unit
    font = theme.font(size, "bold")
    n = len(labels)
    for across in sorted({n, (n + 1) // 2, 1}, reverse=True):
        room = width / across - CELL_GAP - unit * 0.4
        wrapped = tuple(theme.wrap(label, size, round(room), "bold") for label in labels)
        if across == 1 or all(len(w) <= 2 and all(font.size(line)[0] <= room for line in w) for w in wrapped):
            break
    wrapped = tuple(tuple(theme.fit(line, size, room, "bold") for line in w) for w in wrapped)
    lines = max(len(w) for w in wrapped)
    cell_h = max(unit * 1.6, lines * theme.font(size).get_linesize() + unit * 0.4)
    rows = -(-n // across)
    return across, wrapped, rows * cell_h + (rows - 1) * CELL_GAP


def cell_rects(rect: pygame.Rect, labels: list[str], scale: Scale) -> list[tuple[pygame.Rect, tuple[str, ...]]]:
    """Each cell of the table drawn from the top of `rect` (as `grid` lays it out), with its label's lines."""
    across, wrapped, height = grid(rect.w, labels, scale)
    rows = -(-len(labels) // across)
    cell_h = (height - (rows - 1) * CELL_GAP) / rows
    width = rect.w / across
    return [(pygame.Rect(round(rect.x + (i % across) * width), round(rect.y + (i // across) * (cell_h + CELL_GAP)),
                         round(width) - CELL_GAP, round(cell_h)), lines) for i, lines in enumerate(wrapped)]


def lit_cell(roll: Roll | None, cells: list[tuple[list[int], str]]) -> int:
    """The cell the roll's final face (after a card's modifier) falls in; -1 for none or a roll taken again."""
    if roll is None or roll.again:
        return -1
    return next((i for i, (faces, _) in enumerate(cells) if roll.final in faces), -1)

"""The table's head-up display, drawn from a view: the top bar (turn, step, who decides and why), the players'
panel (VP track to the threshold, cards, explorers, the viewer's hand, BP while building, knots while
exploring, A5's South America track), the log panel and the tooltip of the hex under the cursor."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import pygame

from engine import PlayerView, Ruleset, View

from .. import theme, words
from ..theme import Scale
from . import cards
from .cards import Card


@dataclass
class Marks:
    """Where the players' panel put what the table draws over it or points at, from the panel's corner: each
    VP bar and VP number (drawn again while they tick) and each card shown or in the viewer's hand."""
    bars: dict[str, pygame.Rect] = field(default_factory=dict)
    scores: dict[str, pygame.Rect] = field(default_factory=dict)
    spots: list[tuple[pygame.Rect, Card]] = field(default_factory=list)

    def moved(self, dx: int, dy: int) -> Marks:
        return Marks({k: r.move(dx, dy) for k, r in self.bars.items()},
                     {k: r.move(dx, dy) for k, r in self.scores.items()},
                     [(r.move(dx, dy), card) for r, card in self.spots])


def top_bar(screen: pygame.Surface, rect: pygame.Rect, view: View, decision: str, scale: Scale) -> None:
    """Turn and step on the left, who decides (and why) after them: at the UI scale, or smaller (never under UI
    scale 1's) where the decision would not fit whole (a 16:10 screen at a large scale)."""
    screen.fill((18, 40, 64, 250), rect)                   # on the cached layer: its own picture, no blending
    pygame.draw.line(screen, (246, 176, 48), rect.bottomleft, rect.bottomright, 2)
    who = view.get("to_act")
    decider = who if who != "chance" else None              # a player: their shape stands before the decision

    def heads(s: Scale) -> tuple[pygame.Surface, pygame.Surface, float]:
        """The turn's and the step's words, and where the decision starts after them (and the decider's shape)."""
        turn = theme.text(words.text("hud.turn", turn=view["turn"]), s.body, (246, 176, 48), "bold")
        step = theme.text(words.text(f"step.{view['step']}"), s.body, theme.WHITE, "semibold")
        return turn, step, rect.x + s.unit * (3.5 + 1.4 * (decider is not None)) + turn.get_width() + step.get_width()

    scale = scale.fitting(lambda s: theme.font(s.body).size(decision)[0] <= rect.right - heads(s)[2] - s.unit)
    turn, step, start = heads(scale)
    unit, cy = scale.unit, rect.centery
    screen.blit(turn, turn.get_rect(midleft=(rect.x + unit, cy)))
    screen.blit(step, step.get_rect(midleft=(rect.x + unit * 2 + turn.get_width(), cy)))
    if decider is not None:
        theme.draw_tribe(screen, decider, (start - unit * 0.9, cy), unit * 0.45, theme.WHITE)
    said = theme.fit(decision, scale.body, rect.right - start - unit)
    screen.blit(theme.text(said, scale.body, (230, 238, 244)), (start, cy - theme.font(scale.body).get_linesize() // 2))


def players_panel(screen: pygame.Surface, rect: pygame.Rect, view: View, rules: Ruleset,
                  scale: Scale) -> tuple[pygame.Rect, Marks]:
    """The VP track as one bar per player to the threshold, in turn order, with each player's cards and
    explorer; then what only the viewer sees (their hand), and the numbers of the step under way. The panel is
    as tall as what it holds (at most `rect`); returns where it was drawn, and where its VP bars, numbers and
    cards lie (from the panel's corner). Drawn on a clear picture (the panel's cached layer)."""
    bottom = players_content(nowhere(), rect, view, rules, scale, Marks())          # how tall it is, first
    unit = scale.unit                   # in whole units: a few heights, whose panels' pictures are kept (panel_art)
    used = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, math.ceil((bottom - rect.y) / unit + 0.5) * unit))
    theme.panel(screen, used, alpha=252, clear=True)
    drawn = Marks()
    clip = screen.get_clip()
    screen.set_clip(used.clip(clip))
    players_content(screen, rect, view, rules, scale, drawn)
    screen.set_clip(clip)
    return used, drawn.moved(-rect.x, -rect.y)


def nowhere() -> pygame.Surface:
    """A surface to draw on only to learn how tall the drawing is (nothing of it is kept: a pixel's room)."""
    return pygame.Surface((1, 1), pygame.SRCALPHA)


def players_content(screen: pygame.Surface, rect: pygame.Rect, view: View, rules: Ruleset,
                    scale: Scale, placed: Marks) -> float:
    unit = scale.unit
    x, y = rect.x + unit * 0.6, rect.y + unit * 0.5
    width = rect.w - unit * 1.2
    threshold = view["threshold"]
    title = theme.text(theme.fit(words.text("hud.vp_title", threshold=threshold), scale.small, width, "semibold"),
                       scale.small, theme.MUTED, "semibold")
    screen.blit(title, (x, y))
    y += title.get_height() + unit * 0.3
    order = view["order"] or [p["name"] for p in view["players"]]
    players = {p["name"]: p for p in view["players"]}
    for name in order:
        p = players[name]
        y = player_row(screen, x, y, width, p, view, rules, scale, placed)
    if view.get("you"):
        y += unit * 0.4
        y = hand(screen, x, y, width, view, rules, scale, placed)
    y = step_numbers(screen, x, y + unit * 0.4, width, view, rules, scale)
    if view["options"].get("kumara"):
        y = south_america(screen, x, y + unit * 0.4, width, view, scale)
    return y


def players_fit(rect: pygame.Rect, view: View, rules: Ruleset, scale: Scale) -> bool:
    """Whether the players' panel holds all it shows at these sizes in `rect`: its title and each name beside its
    VP across it, and the rows, the hand and the step's numbers within its height."""
    unit = scale.unit
    title = words.text("hud.vp_title", threshold=view["threshold"])
    if theme.font(scale.small, "semibold").size(title)[0] + unit * 1.2 > rect.w:
        return False
    font = theme.font(scale.body, "bold")
    for p in view["players"]:
        # the margins (1.2 units), the shape before the name (1.4), the room between name and VP (0.5)
        if font.size(row_name(p, view))[0] + font.size(fraction_text(p["vp"]))[0] + unit * 3.1 > rect.w:
            return False
        if len(note_break(p, scale, rect.w - unit * 1.2)) > NOTE_LINES:
            return False
    bottom = players_content(nowhere(), pygame.Rect((0, 0), rect.size), view, rules, scale, Marks())
    return bottom + unit * 0.5 <= rect.h


def row_name(p: PlayerView, view: View) -> str:
    """A row's name; the viewer's own says so."""
    return words.text("hud.you", player=p["name"]) if view["you"] == p["name"] else p["name"]


def row_metrics(scale: Scale, note_count: int = 1) -> tuple[float, float]:
    """Where a player's row puts its notes (cards, explorer), and the row's height with that many lines of notes:
    from the fonts, so that the notes stay inside the row's frame at every size and UI scale."""
    unit = scale.unit
    notes = unit * 1.45 + max(6, unit // 2) + unit * 0.15
    small = theme.font(scale.small)
    return notes, notes + small.get_height() + (note_count - 1) * small.get_linesize() + unit * 0.3


def notes_room(p: PlayerView, scale: Scale, width: float, nth: int = 0) -> int:
    """How wide a row's notes may stand in a row `width` pixels wide: the first line beside its small face-up
    cards, the next under them, the row's whole width (with 7 cards shown "+3 VP at the next count" was cut)."""
    return round(width - scale.unit * 1.4 - (shown_width(p, scale) if nth == 0 else 0))


def note_break(p: PlayerView, scale: Scale, width: float) -> list[int]:
    """How many of a row's notes ("1 hidden card", "1 shown", "explorer out") stand on each line they need:
    broken between them, never inside one. Where even the first is wider than the room beside the small face-up
    cards, the notes start under them (the first line holds the cards alone: "0 hidden c…" beside nine cards)."""
    font = theme.font(scale.small)
    notes = row_notes(p)
    counts: list[int] = [0] if font.size(notes[0])[0] > notes_room(p, scale, width) else []
    line = ""
    for note in notes:
        trial = f"{line}{NOTES_SEP}{note}"
        if counts and line and font.size(trial)[0] <= notes_room(p, scale, width, len(counts) - 1):
            counts[-1] += 1
            line = trial
        else:
            counts.append(1)
            line = note
    return counts


def note_lines(p: PlayerView, scale: Scale, width: float) -> list[str]:
    """A row's notes as drawn: on one line, or on two where they would not fit (the panel draws smaller where
    they need more: players_fit); cut only where even UI scale 1's sizes need more."""
    notes, counts = row_notes(p), note_break(p, scale, width)
    counts[NOTE_LINES - 1:] = [sum(counts[NOTE_LINES - 1:])] if counts[NOTE_LINES - 1:] else []
    out, first = [], 0
    for nth, count in enumerate(counts):
        out.append(theme.fit(NOTES_SEP.join(notes[first:first + count]), scale.small,
                             notes_room(p, scale, width, nth)))
        first += count
    return out


def player_rows(rect: pygame.Rect, view: View, scale: Scale) -> dict[str, pygame.Rect]:
    """Where each player's row of the VP panel lies (as players_panel draws them): a player is picked there."""
    unit = scale.unit
    y = rect.y + unit * 0.5 + theme.font(scale.small, "semibold").get_height() + unit * 0.3
    width = rect.w - unit * 1.2
    players = {p["name"]: p for p in view["players"]}
    out = {}
    for name in view["order"] or list(players):
        height = row_metrics(scale, len(note_lines(players[name], scale, width)))[1]
        out[name] = pygame.Rect(rect.x + unit * 0.3, round(y - unit * 0.15), rect.w - unit * 0.6, round(height))
        y += height + unit * 0.2
    return out


def player_row(screen: pygame.Surface, x: float, y: float, width: float, p: PlayerView,
               view: View, rules: Ruleset, scale: Scale, placed: Marks) -> float:
    """One player's row: shape, name, VP and the bar to the threshold (their places put in `placed`: the table
    draws them over the panel while the track ticks toward the VP), then cards and explorer, and the face-up
    cards themselves, small, at the end of that line (pointing at one shows its face)."""
    unit = scale.unit
    name = p["name"]
    colour = theme.tribe_colour(name)
    noted_lines = note_lines(p, scale, width)
    notes_y, height = row_metrics(scale, len(noted_lines))
    acting = view.get("to_act") == name
    if acting:
        row = pygame.Rect(x - unit * 0.3, y - unit * 0.15, width + unit * 0.6, height)
        pygame.draw.rect(screen, theme.mix(theme.PANEL, colour, 0.18), row, border_radius=6)
        pygame.draw.rect(screen, colour, row, 2, border_radius=6)
    theme.draw_tribe(screen, name, (x + unit * 0.55, y + unit * 0.65), unit * 0.5)
    score = theme.text(fraction_text(p["vp"]), scale.body, theme.INK, "bold")
    placed.scores[name] = score.get_rect(topright=(x + width, y))
    screen.blit(score, placed.scores[name])
    label = theme.text(theme.fit(row_name(p, view), scale.body, width - unit * 1.9 - score.get_width(), "bold"),
                       scale.body, theme.INK, "bold")
    screen.blit(label, (x + unit * 1.4, y))
    bar = placed.bars[name] = pygame.Rect(x + unit * 1.4, y + unit * 1.45, width - unit * 1.4, max(6, unit // 2))
    vp_bar(screen, bar, colour, eval_fraction(p["vp"]), view["threshold"])
    for i, noted in enumerate(noted_lines):
        line = theme.text(noted, scale.small, theme.MUTED)
        screen.blit(line, (x + unit * 1.4, y + notes_y + i * theme.font(scale.small).get_linesize()))
    high = theme.font(scale.small).get_height()
    right = x + width
    for face_up in reversed(p["cards_shown"]):
        card = cards.arts(face_up)
        mini = cards.mini(card, high, rules)
        right -= mini.get_width()
        spot = mini.get_rect(topleft=(round(right), round(y + notes_y)))
        screen.blit(mini, spot)
        placed.spots.append((spot, card))
        right -= unit * 0.2
    return y + height + unit * 0.2


def shown_width(p: PlayerView, scale: Scale) -> float:
    """How wide a row's small face-up cards stand, with their gaps."""
    high = theme.font(scale.small).get_height()
    return len(p["cards_shown"]) * (cards.mini_width(high) + scale.unit * 0.2)


def vp_bar(screen: pygame.Surface, bar: pygame.Rect, colour: theme.Colour, vp: float, threshold: int) -> None:
    """A player's VP bar filled to `vp` of the threshold; opaque, so that it covers the bar drawn before it."""
    pygame.draw.rect(screen, (226, 214, 190), bar, border_radius=4)
    share = min(1.0, vp / max(1, threshold))
    pygame.draw.rect(screen, colour, (bar.x, bar.y, max(2, bar.w * share), bar.h), border_radius=4)
    pygame.draw.rect(screen, theme.PANEL_EDGE, bar, 1, border_radius=4)


NOTES_SEP = "  ·  "                # between the parts of a row's notes
NOTE_LINES = 3                    # the most lines a row's notes take (beside the cards, and two under them)


def row_notes(p: PlayerView) -> list[str]:
    """The parts of the notes under a player's VP bar: cards hidden and shown, the VP of cards shown since the
    last count (V1: VP are recounted at the Victory step; the row's number is that count, and a card shown
    mid-turn must not look lost), an explorer away from home."""
    hidden, shown = p["cards_in_hand"], len(p["cards_shown"])
    notes = [words.unit("tip.hidden_cards", hidden)] + ([words.text("hud.shown", n=shown)] if shown else [])
    pending = p["cards_vp"] - Fraction(p["vp_parts"]["cards"])
    if pending > 0:
        notes.append(words.text("hud.next_count", n=vp_text(float(pending))))
    explorer = p["explorer"]
    if explorer != "home":
        notes.append(words.text("hud.explorer.lost" if explorer == "lost" else "hud.explorer.out"))
    return notes


def hand(screen: pygame.Surface, x: float, y: float, width: float, view: View, rules: Ruleset,
         scale: Scale, placed: Marks) -> float:
    """The viewer's own cards (the others see only how many, X9): each a small card and its title, side by side
    as they fit, their places put in `placed` (pointing at one shows its face)."""
    hidden_vp = view["hand_vp"]          # what showing them would add: the owner's to know (X9)
    label = theme.text(words.text("hud.hand.vp", n=hidden_vp) if hidden_vp else words.text("hud.hand"),
                       scale.small, theme.MUTED, "semibold")
    screen.blit(label, (x, y))
    y += label.get_height()
    line_h = theme.font(scale.small).get_linesize()
    if not view["hand"]:
        screen.blit(theme.text(words.text("hud.hand.empty"), scale.small, theme.INK), (x, y))
        return y + line_h
    unit, high = scale.unit, theme.font(scale.small).get_height()
    left = x
    for in_hand in view["hand"]:
        card = cards.arts(in_hand)
        mini = cards.mini(card, high, rules)
        room = round(width - mini.get_width() - unit * 0.3)
        said = theme.text(theme.fit(cards.title(card, rules), scale.small, room), scale.small, theme.INK)
        chip = pygame.Rect(round(left), round(y), mini.get_width() + unit * 0.3 + said.get_width(), line_h)
        if chip.right > x + width and left > x:          # the next line
            left, y = x, y + line_h + unit * 0.2
            chip.topleft = (round(left), round(y))
        screen.blit(mini, chip.topleft)
        screen.blit(said, (chip.x + mini.get_width() + unit * 0.3, chip.y))
        placed.spots.append((chip, card))
        left = chip.right + unit * 0.7
    return y + line_h


def step_numbers(screen: pygame.Surface, x: float, y: float, width: float, view: View,
                 rules: Ruleset, scale: Scale) -> float:
    """Knots while an explorer is out (E5); BP of each building area for the viewer while building (B1)."""
    lines: list[str] = []
    tiles = words.face_up_tiles(view)
    exploring = view.get("exploration")
    if exploring and exploring.get("player"):
        lines.append(words.explorer_knots(exploring["player"], exploring["knots"]))
    building = view.get("building")
    if building and building.get("areas"):
        lines.extend(words.area_bp(area, rules, tiles) for area in building["areas"])
    for line in lines:
        for part in theme.wrap(line, scale.small, round(width)):
            screen.blit(theme.text(part, scale.small, theme.INK, "semibold"), (x, y))
            y += theme.font(scale.small).get_linesize()
    return y


def south_america(screen: pygame.Surface, x: float, y: float, width: float, view: View,
                  scale: Scale) -> float:
    """A5: who holds a Galapagos marker (+1 on the Kumara table) and who has reached South America."""
    label = theme.text(words.text("hud.south_america"), scale.small, theme.MUTED, "semibold")
    screen.blit(label, (x, y))
    y += label.get_height()
    for p in view["players"]:
        marks = [words.text(key) for key, held in (("hud.kumara", p["kumara"]), ("hud.galapagos", p["galapagos"]))
                 if held]
        if marks:
            said = words.text("hud.marks", player=p["name"], marks=words.text("list.sep").join(marks))
            screen.blit(theme.text(said, scale.small, theme.INK), (x, y))
            y += theme.font(scale.small).get_linesize()
    if not any(p["kumara"] or p["galapagos"] for p in view["players"]):
        screen.blit(theme.text(words.text("hud.south_america.none"), scale.small, theme.MUTED), (x, y))
        y += theme.font(scale.small).get_linesize()
    return y


def fraction_text(vp: str) -> str:
    """VP as the track shows them: "17/2" reads 8½."""
    if "/" in vp:
        whole, _, rest = vp.partition("/")
        n, d = int(whole), int(rest)
        return f"{n // d}½" if d == 2 else vp
    return vp


def vp_text(vp: float) -> str:
    """A VP on its way to another, to the nearest half, as the track writes it."""
    halves = round(vp * 2)
    return fraction_text(f"{halves}/2" if halves % 2 else str(halves // 2))


def eval_fraction(vp: str) -> float:
    if "/" in vp:
        n, _, d = vp.partition("/")
        return int(n) / int(d)
    return float(vp)


LOG_LINE = 9                     # the fewest units of text a line of the log holds (a few words)


def log_scale(rect: pygame.Rect, scale: Scale) -> Scale:
    """The log's sizes: the UI scale's, or smaller where its lines would hold only a word or two (its column is a
    share of the window's width: regions.py), never under UI scale 1's."""
    return scale.fitting(lambda s: rect.w - s.unit * 3.8 >= s.unit * LOG_LINE)


def log_panel(screen: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[str, str]], scroll: int,
              scale: Scale) -> None:
    """The viewer's events in words, newest at the bottom, each with its rule number; on a clear picture (the
    log's cached layer)."""
    theme.panel(screen, rect, alpha=252, clear=True)
    sizes = log_scale(rect, scale)
    unit = sizes.unit
    title = theme.text(words.text("hud.log"), sizes.small, theme.MUTED, "semibold")
    screen.blit(title, (rect.x + unit * 0.6, rect.y + unit * 0.3))
    inner, rows = log_rows(rect, lines, scroll, sizes)
    clip = screen.get_clip()
    screen.set_clip(inner.clip(clip))
    for line, rule, first, y in rows:
        screen.blit(theme.text(line, sizes.small, theme.INK), (inner.x, y))
        if first and rule:
            tag = theme.text(rule, sizes.small, theme.MUTED)
            screen.blit(tag, tag.get_rect(topright=(inner.right, y)))
    screen.set_clip(clip)


def log_rows(rect: pygame.Rect, lines: Sequence[tuple[str, str]], scroll: int, scale: Scale
             ) -> tuple[pygame.Rect, list[tuple[str, str, bool, int]]]:
    """Where the log's lines show in its panel: the inner box, and each wrapped row shown (its words, the rule of
    its line, whether it is the line's first row, its top), for drawing and for finding the line under the
    pointer."""
    inner, rows = log_places(rect, lines, scroll, scale)
    return inner, [(line, rule, first, top) for line, rule, first, top, _ in rows]


def log_places(rect: pygame.Rect, lines: Sequence[tuple[str, str]], scroll: int, scale: Scale
               ) -> tuple[pygame.Rect, list[tuple[str, str, bool, int, int]]]:
    """log_rows' rows, each with the index in `lines` of the line it belongs to (the card a line names)."""
    sizes = log_scale(rect, scale)
    unit = sizes.unit
    title_h = theme.font(sizes.small, "semibold").size(words.text("hud.log"))[1]
    inner = pygame.Rect(rect.x + unit * 0.6, rect.y + unit * 0.3 + title_h, rect.w - unit * 1.2,
                        rect.h - unit * 0.6 - title_h)
    line_h = theme.font(sizes.small).get_linesize()
    wrapped: list[tuple[str, str, bool, int]] = []
    kept = max(0, len(lines) - 200)
    for n, (line, rule) in enumerate(lines[kept:], start=kept):
        parts = theme.wrap(line, sizes.small, inner.w - unit * 2.6)
        wrapped += [(part, rule, i == 0, n) for i, part in enumerate(parts)]
    visible = max(1, inner.h // line_h)
    end = max(0, len(wrapped) - scroll)
    start = first = max(0, end - visible)
    while first < end and not wrapped[first][2]:
        first += 1                      # a line shows whole or not at all: never the tail of a wrapped line
    shown = wrapped[first if first < end else start:end]
    top = inner.bottom - len(shown) * line_h
    return inner, [(line, rule, first, top + i * line_h, n) for i, (line, rule, first, n) in enumerate(shown)]


def tooltip_width(area: pygame.Rect, unit: float) -> int:
    """How wide a tooltip's words may run in `area`: under half of it, and never a line too long to read."""
    return round(min(area.w * 0.45, unit * 30))


def tooltip(screen: pygame.Surface, at: tuple[float, float], lines: Sequence[str], scale: Scale,
            avoid: Sequence[pygame.Rect] = (), within: pygame.Rect | None = None) -> pygame.Rect:
    """A small card of text beside the pointer, kept inside `within` (the screen by default), on the side where
    it covers none of `avoid` (the decision bar, the lit hexes one is about to click), or the least of them.
    Drawn on the screen itself, never a subsurface: a frame drawn in part clips its passes on the screen, and a
    subsurface would draw past the clip (game/render/redraw.py)."""
    unit = scale.unit
    area = screen.get_rect() if within is None else within
    room = tooltip_width(area, unit)
    surfaces = [theme.text(part, scale.small, theme.INK, "bold" if i == 0 else "regular")
                for i, line in enumerate(lines) for part in theme.wrap(line, scale.small, room)]
    w = max(s.get_width() for s in surfaces) + unit
    h = sum(s.get_height() for s in surfaces) + unit * 0.6
    x, y = at
    sides = [pygame.Rect(x + unit, y + unit, w, h), pygame.Rect(x - unit - w, y + unit, w, h),
             pygame.Rect(x + unit, y - unit * 0.5 - h, w, h), pygame.Rect(x - unit - w, y - unit * 0.5 - h, w, h)]
    for side in sides:
        side.clamp_ip(area)

    def covered(side: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (side.clip(r) for r in avoid))
    rect = min(sides, key=covered)                  # the first side (below right) when it covers nothing
    theme.panel(screen, rect, fill=(252, 248, 236), radius=6, alpha=245)
    y = rect.y + unit * 0.3
    for s in surfaces:
        screen.blit(s, (rect.x + unit * 0.5, y))
        y += s.get_height()
    return rect



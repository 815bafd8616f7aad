"""The end of a game, as a celebration: the winner's tribe colour and name on a banner, a burst of confetti and
the fanfare when someone won; each player's VP broken down by source (V1, V4) in stacked bars that grow in; the
VP track over the turns, drawn in from the left toward the threshold line (V3); why the game ended (V3, V5, X11);
then a new game, the title or quit, by mouse, keys or pad.

Everything shown comes from the public view (the VP track is public, and so is what makes it: `vp_parts`,
`vp_history`). What moves after the burst depends on the scene's clock alone: the banner's tribe marks bob and
the winners' last points on the graph glow (the leaders' when nobody won). With reduce motion there is no
confetti and no bobbing, and the bars and lines are shown whole at once; the glow (a colour, not a motion) still
breathes. The fanfare is not played at speed instant, which plays no sound."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from engine import View

from .. import flow, sound, theme, words
from ..app import App, scene
from ..host import Host
from ..input import Intent
from ..online.remote import RemoteMatch
from ..render import particles
from ..render.hud import eval_fraction, fraction_text
from ..render.tween import Tween, out_cubic, smooth
from ..theme import Colour, Scale
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form

# Each source of VP in the bars (the view's `vp_parts` keys): a colour of its own, apart in lightness too, and
# named in the legend; Deforestation, taken away, is hatched over the end of the bar.
SOURCE_COLOURS: dict[str, Colour] = {"villages": (96, 160, 84), "island_groups": (38, 104, 160),
                                     "atolls": (140, 210, 220), "kumara": (214, 140, 60), "cards": (150, 84, 150),
                                     "deforestation": (120, 40, 30)}
CONFETTI_COLOURS: tuple[Colour, ...] = ((246, 176, 48), theme.WHITE, theme.ACCENT, (120, 220, 255))
# Each tribe's line in the graph, besides its colour and the shape of its points: solid, dashed, dotted,
# dash-dot (lengths in line widths, drawn then skipped, repeating), for colour-blind eyes and greyscale.
DASHES: dict[str, tuple[float, ...]] = {"Tonga": (), "Samoa": (5, 3), "Hiva": (1.2, 2.5), "Raiatea": (6, 2.5, 1.2, 2.5)}
PAPER = 20            # pixels: the panel's rounded corners, left as the dialog drew them
GROW = 0.9            # seconds a bar takes to grow in (out_cubic), each row a little after the one above it
STAGGER = 0.18
ROW, ROOMY = 1.9, 2.8   # units between the breakdown's rows: at least, and at most where the panel has room
DRAW = 1.8            # seconds the graph's lines take to draw in, left to right (smooth)


@dataclass(frozen=True)
class Score:
    """A player's final VP and what each source gave (the view's `vp` and `vp_parts`)."""
    name: str
    vp: Fraction
    parts: dict[str, Fraction]


def scores(view: View) -> list[Score]:
    """Each player's score from the view, most VP first (in seat order among equals)."""
    out = [Score(p["name"], Fraction(p["vp"]), {source: Fraction(str(v)) for source, v in p["vp_parts"].items()})
           for p in view["players"]]
    return sorted(out, key=lambda s: -s.vp)


def track(view: View) -> dict[str, list[tuple[int, Fraction]]]:
    """Each player's line on the graph: (turn, VP) at the start and at the end of each turn (`vp_history`)."""
    return {p["name"]: [(entry["turn"], Fraction(entry["vp"][p["name"]])) for entry in view["vp_history"]]
            for p in view["players"]}


def light(colour: Colour) -> bool:
    """Whether ink, rather than white, reads on this colour."""
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150


def vp_text(vp: Fraction) -> str:
    return fraction_text(str(vp))


@dataclass
class Layout:
    """Where each part of the end goes, in a panel `box` at a `scale`."""
    box: pygame.Rect
    banner: pygame.Rect
    why: float                    # the top of the reasons' lines
    bars: pygame.Rect             # the breakdown: its title, a row per player, the legend
    graph: pygame.Rect            # the graph: its title, the plot, the turns under it
    buttons: pygame.Rect


@scene("end")
class EndScene(Dialog):
    closable = False
    hints = (("select", "hint.choose"), ("step", "hint.step"))

    def __init__(self, app: App, match: Host):
        online = [Button(words.text("saves.replay"), self.replay)] if isinstance(match, RemoteMatch) else []
        super().__init__(app, Form([Button(words.text("menu.new_game"), self.again, primary=True), *online,
                                    Button(words.text("menu.title"), self.title),
                                    Button(words.text("menu.quit"), self.quit)]))
        self.match = match
        self.view = match.view(None)
        self.scores = scores(self.view)
        self.lines = track(self.view)
        leaders = [s.name for s in self.scores if s.vp == self.scores[0].vp]
        self.glowing = self.view["winners"] or leaders     # whose last point glows: the winners, else the leaders
        self.born = app.time
        self.bars = [self.tweens.add(Tween(0, 1, GROW, out_cubic, delay=0.3 + STAGGER * i))
                     for i in range(len(self.scores))]
        self.drawn_in = self.tweens.add(Tween(0, 1, DRAW, smooth, delay=0.5))
        if app.settings.reduce_motion:
            self.tweens.finish()
        self.confetti = particles.Confetti(self.banner_colours() + CONFETTI_COLOURS)
        self._graph: tuple[tuple[object, ...], pygame.Surface, pygame.Surface] | None = None
        self.placed: Layout | None = None                   # where the last frame drew each part
        self.bar_at: dict[str, tuple[pygame.Rect, float]] = {}     # each player's bar, and its pixels per VP
        if self.view["winners"] and match.speed != "instant":
            sound.play("victory")

    def handle(self, intent: Intent) -> None:
        """The buttons stand in a row: left and right (keys, the pad's cross, a stick) step along it too."""
        if intent.kind == "cursor" and intent.dx and not intent.dy:
            self.form.move(1 if intent.dx > 0 else -1)
        else:
            super().handle(intent)

    def again(self) -> None:
        flow.open_title(self.app)
        flow.open_setup(self.app)

    def title(self) -> None:
        flow.open_title(self.app)

    def quit(self) -> None:
        """Ask first, as the pause menu does (Quit sits where a click or a step along the row meant for Title may
        land); the finished game is kept either way (among the saved games, or on the server)."""
        kept = "pause.quit.online" if isinstance(self.match, RemoteMatch) else "end.quit"
        flow.ask_quit(self.app, self.match, words.text(kept))

    def replay(self) -> None:
        """Online: the finished game from the server's record, in the replay viewer (whose view first)."""
        assert isinstance(self.match, RemoteMatch)
        recording = self.match.recording()
        if recording is None:
            self.app.push(self.app.make("message", words.text("saves.replay"), words.text("online.no_answer")))
            return
        self.app.push(self.app.make("replay", recording))

    def respoken(self) -> None:
        self._graph = None

    def why(self) -> str:
        view, result = self.view, self.match.result()
        winners = view["winners"]
        if not result.over:
            return words.text("end.why.turns.one" if result.turns == 1 else "end.why.turns",
                              threshold=view["threshold"], turns=result.turns)
        if len(winners) > 1:
            return words.text("end.why.shared")
        over = [p for p in view["players"] if eval_fraction(p["vp"]) >= view["threshold"]]
        vp = vp_text(next(s.vp for s in self.scores if s.name == winners[0]))     # the winner's final VP (V3)
        return words.text("end.why.most" if len(over) > 1 else "end.why.claimed", n=len(over), winner=winners[0],
                          vp=vp, threshold=view["threshold"])

    def heading(self) -> str:
        winners, humans = self.view["winners"], self.match.humans
        if winners == humans and len(humans) == 1:
            return words.text("end.you_win")
        return words.text("end.wins", player=winners[0]) if len(winners) == 1 else \
            words.text("end.shared" if winners else "end.none")

    def banner_colours(self) -> tuple[Colour, ...]:
        """The banner's colours: each winner's tribe colour; the panel's edge when nobody won."""
        return tuple(theme.tribe_colour(name) for name in self.view["winners"]) or (theme.PANEL_EDGE,)

    @property
    def settled(self) -> bool:
        """The bars have grown, the lines are drawn and the confetti has fallen (only the idle bob and glow go on):
        a screenshot may be taken."""
        return not self.tweens.busy and not (self.celebrates and self.app.time - self.born <= particles.Confetti.LIFE)

    @property
    def celebrates(self) -> bool:
        """Confetti fly: someone won, and the player has not asked for reduced motion."""
        return bool(self.view["winners"]) and not self.app.settings.reduce_motion

    # --- layout ---------------------------------------------------------------------------------------------

    def heading_size(self, scale: Scale) -> int:
        return round(scale.title * 0.7)

    def size(self, scale: Scale) -> tuple[float, float]:
        """The panel: as wide as the window allows up to 64 units; as tall as the banner, the reasons, the
        breakdown (a row per player, its title and legend) and the buttons need."""
        unit = scale.unit
        width = min(self.app.screen.get_width() - unit * 2, unit * 64)
        return width, self.needed(scale, width)

    def needed(self, scale: Scale, width: float) -> float:
        unit = scale.unit
        why = len(theme.wrap(self.why(), scale.body, width - unit * 2)) * theme.font(scale.body).get_height()
        banner_h = theme.font(self.heading_size(scale), "bold").get_height() + unit
        body_h = max(self.breakdown_height(scale, width * 0.45), unit * 10)
        return unit * 1.5 + banner_h + unit * 0.5 + why + unit * 0.8 + body_h + unit * 4.4

    def breakdown_height(self, scale: Scale, width: float, row: float = ROW) -> float:
        """The breakdown's height with rows `row` units apart."""
        unit = scale.unit
        title_h = theme.font(scale.small, "semibold").get_height() + unit * 1.2
        return title_h + unit * row * len(self.scores) + len(self.legend_rows(scale, width)) * unit * 1.3

    def layout(self, screen: pygame.Surface, scale: Scale) -> Layout:
        """Every part's place: the banner over the reasons, the breakdown left of the graph, the buttons under."""
        unit = scale.unit
        width, needed = self.size(scale)
        room = screen.get_height() - unit * 2 - self.foot(scale)
        height = max(needed, min(room, unit * 36))
        box = self.panel(screen, width, height, scale)
        banner_at = pygame.Rect(box.x + unit, box.y + unit, box.w - unit * 2,
                                theme.font(self.heading_size(scale), "bold").get_height() + unit)
        why = banner_at.bottom + unit * 0.5
        lines = len(theme.wrap(self.why(), scale.body, box.w - unit * 2))
        top = round(why + lines * theme.font(scale.body).get_height() + unit * 0.8)
        buttons = pygame.Rect(box.x + unit, box.bottom - round(unit * 3.4), box.w - unit * 2, round(unit * 2.3))
        body = pygame.Rect(box.x + unit, top, box.w - unit * 2, buttons.y - unit - top)
        split = round(body.w * 0.45)
        return Layout(box, banner_at, why, pygame.Rect(body.x, body.y, split - unit, body.h),
                      pygame.Rect(body.x + split + unit, body.y, body.w - split - unit, body.h), buttons)

    # --- drawing --------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)
        unit = scale.unit
        at = self.placed = self.layout(screen, scale)
        screen.fill(theme.PANEL, at.box.inflate(-PAPER, -PAPER))    # opaque paper: no map shows through the score
        self.draw_banner(screen, at.banner, scale)
        y = at.why
        for line in theme.wrap(self.why(), scale.body, at.box.w - unit * 2):
            text = theme.text(line, scale.body, theme.MUTED)
            screen.blit(text, text.get_rect(midtop=(at.box.centerx, y)))
            y += text.get_height()
        self.draw_breakdown(screen, at.bars, scale)
        self.draw_graph(screen, at.graph, scale)
        n = len(self.form.widgets)                  # three, four online (the replay of the server's record)
        bw = (at.buttons.w - unit * (n - 1)) // n
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect(at.buttons.x + i * (bw + unit), at.buttons.y, bw, at.buttons.h)
        self.form.draw(screen, scale.body)
        if self.celebrates:
            self.confetti.draw(screen, at.banner.center, unit, self.app.time - self.born)

    def draw_banner(self, screen: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
        """The winner's colour (each winner's, side by side, in a shared victory) behind the heading, with the
        winners' tribe marks at both ends, bobbing gently."""
        colours = self.banner_colours()
        band = rect.w // len(colours)
        for i, colour in enumerate(colours):
            part = pygame.Rect(rect.x + i * band, rect.y, band if i < len(colours) - 1 else rect.w - i * band, rect.h)
            pygame.draw.rect(screen, colour, part)
        pygame.draw.rect(screen, theme.INK, rect, 2)
        size, shadow = self.heading_size(scale), max(2, scale.unit // 8)
        title = theme.text(self.heading(), size, theme.WHITE, "bold")       # white on ink: legible on any tribe
        screen.blit(theme.text(self.heading(), size, theme.INK, "bold"),
                    title.get_rect(center=(rect.centerx + shadow, rect.centery + shadow)))
        screen.blit(title, title.get_rect(center=rect.center))
        bob = 0.0 if self.app.settings.reduce_motion else math.sin((self.app.time - self.born) * 2.2) * scale.unit * 0.2
        unit = scale.unit
        room = (rect.w - title.get_width()) / 2
        for k, name in enumerate(self.view["winners"][:4]):
            step = unit * 2.6 * (k + 0.8)
            if step + unit * 1.2 > room:
                break
            for side in (-1, 1):
                phase = bob if (k + (side > 0)) % 2 else -bob
                centre = (rect.centerx + side * (title.get_width() / 2 + step), rect.centery + phase)
                pygame.draw.circle(screen, theme.PANEL, centre, unit * 1.05)
                pygame.draw.circle(screen, theme.INK, centre, unit * 1.05, 2)
                theme.draw_tribe(screen, name, centre, unit * 0.7)

    def legend_rows(self, scale: Scale, width: float) -> list[list[str]]:
        """The sources any player scored from, in rows of the legend that fit `width`."""
        used = [source for source in SOURCE_COLOURS if any(s.parts.get(source) for s in self.scores)]
        rows: list[list[str]] = [[]]
        x = 0.0
        for source in used:
            w = scale.unit * 1.6 + theme.font(scale.small).size(words.text(f"end.source.{source}"))[0]
            if rows[-1] and x + w > width:
                rows.append([])
                x = 0.0
            rows[-1].append(source)
            x += w
        return rows

    def draw_breakdown(self, screen: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
        """A row per player, most VP first: the tribe's mark and name, the VP of each source stacked left to
        right (growing in), Deforestation hatched over the end, the total; the threshold's mark across the rows."""
        unit = scale.unit
        title = theme.text(theme.fit(words.text("end.breakdown"), scale.small, rect.w, "semibold"), scale.small,
                           theme.MUTED, "semibold")
        screen.blit(title, rect.topleft)
        top = rect.y + title.get_height() + unit * 1.2
        spare = rect.h - self.breakdown_height(scale, rect.w)
        row = min(ROOMY, ROW + max(0.0, spare / unit / len(self.scores)))
        names_w = max(theme.font(scale.body, "bold").size(s.name)[0] for s in self.scores)
        totals_w = max(theme.font(scale.body, "bold").size(words.text("end.vp", vp=vp_text(s.vp)))[0]
                       for s in self.scores)
        left, right = rect.x + unit * 1.5 + names_w + unit * 0.6, rect.right - totals_w - unit * 0.6
        most = max([Fraction(self.view["threshold"])]
                   + [sum((v for v in s.parts.values() if v > 0), Fraction(0)) for s in self.scores])
        per_vp = max(1.0, right - left) / float(most)
        for i, score in enumerate(self.scores):
            y = top + unit * row * i
            theme.draw_tribe(screen, score.name, (rect.x + unit * 0.6, y + unit * 0.7), unit * 0.5)
            screen.blit(theme.text(score.name, scale.body, theme.INK, "bold"), (rect.x + unit * 1.5, y))
            bar = pygame.Rect(left, y + unit * 0.1, right - left, round(unit * (row - 0.7)))
            self.bar_at[score.name] = bar, per_vp
            self.draw_bar(screen, bar, score, per_vp, self.bars[i].value, scale)
            total = theme.text(words.text("end.vp", vp=vp_text(score.vp)), scale.body, theme.INK, "bold")
            if self.bars[i].done:
                screen.blit(total, total.get_rect(topright=(rect.right, y)))
        mark = left + per_vp * self.view["threshold"]
        bottom = top + unit * row * len(self.scores) - unit * 0.5
        dashed(screen, theme.ACCENT, (mark, top - unit * 0.2), (mark, bottom), 2, (unit * 0.4, unit * 0.3))
        goal = theme.text(str(self.view["threshold"]), scale.small, theme.ACCENT, "semibold")
        screen.blit(goal, goal.get_rect(midbottom=(mark, top - unit * 0.2)))
        self.draw_legend(screen, rect.x, bottom + unit * 0.6, rect.w, scale)

    def draw_bar(self, screen: pygame.Surface, bar: pygame.Rect, score: Score, per_vp: float, grown: float,
                 scale: Scale) -> None:
        """One player's stacked bar, `grown` of its length (0 to 1), each part labelled with its VP where it fits."""
        clip = screen.get_clip()
        grown_part = pygame.Rect(bar.x, bar.y, max(0, round((bar.w + scale.unit) * grown)), bar.h)
        screen.set_clip(grown_part.clip(clip))
        x = float(bar.x)
        for source, vp in score.parts.items():
            if vp <= 0:
                continue
            part = pygame.Rect(round(x), bar.y, max(1, round(x + float(vp) * per_vp) - round(x)), bar.h)
            colour = SOURCE_COLOURS.get(source, theme.MUTED)
            pygame.draw.rect(screen, colour, part)
            pygame.draw.rect(screen, theme.INK, part, 1)
            label = theme.text(vp_text(vp), scale.small, theme.INK if light(colour) else theme.WHITE, "semibold")
            if label.get_width() + 4 <= part.w:
                screen.blit(label, label.get_rect(center=part.center))
            x += float(vp) * per_vp
        taken = -score.parts.get("deforestation", Fraction(0))
        if taken > 0:
            cut = pygame.Rect(round(x - float(taken) * per_vp), bar.y, round(float(taken) * per_vp), bar.h)
            hatch(screen, cut, SOURCE_COLOURS["deforestation"], max(2, scale.unit // 8))
            label = theme.text(vp_text(-taken), scale.small, theme.WHITE, "semibold")
            if label.get_width() + 4 <= cut.w:
                screen.blit(label, label.get_rect(center=cut.center))
        screen.set_clip(clip)

    def draw_legend(self, screen: pygame.Surface, x0: float, y: float, width: float, scale: Scale) -> None:
        unit = scale.unit
        for row in self.legend_rows(scale, width):
            x = x0
            for source in row:
                swatch = pygame.Rect(round(x), round(y + unit * 0.2), round(unit * 0.9), round(unit * 0.7))
                if source == "deforestation":
                    hatch(screen, swatch, SOURCE_COLOURS[source], max(2, unit // 8))
                else:
                    pygame.draw.rect(screen, SOURCE_COLOURS[source], swatch)
                pygame.draw.rect(screen, theme.INK, swatch, 1)
                name = theme.text(words.text(f"end.source.{source}"), scale.small, theme.INK)
                screen.blit(name, (swatch.right + unit * 0.3, y))
                x += unit * 1.6 + name.get_width()
            y += unit * 1.3

    def draw_graph(self, screen: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
        """The track over the turns: the axes and the threshold whole, the lines drawn in from the left (a picture
        made once per size, as the finished graph never changes), then the glow on the winners' last points."""
        key = (rect.size, scale.unit, theme.aided)
        if self._graph is None or self._graph[0] != key:
            self._graph = (key, *graph_layers(self.view, self.lines, rect.size, scale))
        _, axes, whole = self._graph
        done = self.drawn_in.value
        if done >= 1:
            screen.blit(whole, rect)
        else:
            screen.blit(axes, rect)
            plot = plot_rect(self.view, rect.size, scale)
            screen.blit(whole, rect.topleft, pygame.Rect(0, 0, plot.x + round(plot.w * done), rect.h))
        if done >= 1:
            self.draw_glow(screen, rect, scale)

    def draw_glow(self, screen: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
        """A ring breathing around each winner's last point (its colour only changes: still under reduce motion)."""
        plot = plot_rect(self.view, rect.size, scale).move(rect.topleft)
        breath = 0.5 + 0.5 * math.sin((self.app.time - self.born) * 2.5)
        for name in self.glowing:
            points = self.lines[name]
            if points:
                centre = point_at(self.view, self.lines, plot, name, len(points) - 1, scale)
                ring = theme.mix(theme.tribe_colour(name), theme.WHITE, 0.1 + 0.6 * breath)
                pygame.draw.circle(screen, ring, centre, scale.unit * 0.8, max(3, scale.unit // 4))
                pygame.draw.circle(screen, theme.INK, centre, scale.unit * 0.8 + 1, 1)


# --- the graph, made once per size ------------------------------------------------------------------------------


def vp_top(view: View, lines: dict[str, list[tuple[int, Fraction]]]) -> int:
    """The graph's highest VP: the threshold or the most anyone had, up to a multiple of 5."""
    peak = max([Fraction(view["threshold"])] + [vp for points in lines.values() for _, vp in points])
    return math.ceil(float(peak) / 5 + 0.2) * 5


def plot_rect(view: View, size: tuple[int, int], scale: Scale) -> pygame.Rect:
    """The plot inside the graph's rectangle: under its title, right of the VP's numbers, over the turns'."""
    unit = scale.unit
    title_h = theme.font(scale.small, "semibold").get_height() + unit * 0.6
    numbers_w = theme.font(scale.small).size("100")[0] + unit * 0.5
    below = theme.font(scale.small).get_height() * 2 + unit * 0.4
    return pygame.Rect(round(numbers_w), round(title_h), max(1, round(size[0] - numbers_w - unit * 0.6)),
                       max(1, round(size[1] - title_h - below)))


def point_at(view: View, lines: dict[str, list[tuple[int, Fraction]]], plot: pygame.Rect, name: str, i: int,
             scale: Scale) -> tuple[float, float]:
    """Where a player's i-th point lies in the plot; each player's line a little apart from the others', so that
    lines on the same VP lie side by side rather than one hiding another."""
    points = lines[name]
    first, last = points[0][0], points[-1][0]
    turn, vp = points[i]
    order = list(lines).index(name)
    apart = scale.unit * 0.22 * (order - (len(lines) - 1) / 2)
    x = plot.x + plot.w * ((turn - first) / max(1, last - first))
    return x, plot.bottom - plot.h * float(vp) / vp_top(view, lines) + apart


def graph_layers(view: View, lines: dict[str, list[tuple[int, Fraction]]], size: tuple[int, int],
                 scale: Scale) -> tuple[pygame.Surface, pygame.Surface]:
    """Two pictures of the graph: its axes, numbers and threshold alone, and the same with every line."""
    unit = scale.unit
    axes = pygame.Surface(size, pygame.SRCALPHA)
    title = theme.text(theme.fit(words.text("end.graph"), scale.small, size[0], "semibold"), scale.small,
                       theme.MUTED, "semibold")
    axes.blit(title, (0, 0))
    plot = plot_rect(view, size, scale)
    highest = vp_top(view, lines)
    for tick in range(0, highest + 1, 5 if highest <= 40 else 10):
        y = plot.bottom - plot.h * tick / highest
        pygame.draw.line(axes, theme.mix(theme.PANEL, theme.MUTED, 0.35), (plot.x, y), (plot.right, y), 1)
        label = theme.text(str(tick), scale.small, theme.MUTED)
        axes.blit(label, label.get_rect(midright=(plot.x - unit * 0.3, y)))
    turns = [entry["turn"] for entry in view["vp_history"]]
    if turns:
        every = max(1, math.ceil(len(turns) / max(1, plot.w // (unit * 2.5))))
        labelled = turns[::every]
        if labelled[-1] != turns[-1]:
            crowded = (turns[-1] - labelled[-1]) * plot.w / max(1, turns[-1] - turns[0]) < unit * 1.8
            labelled = [*labelled[:-1], turns[-1]] if crowded else [*labelled, turns[-1]]
        for tick in labelled:
            x = plot.x + plot.w * (tick - turns[0]) / max(1, turns[-1] - turns[0])
            label = theme.text(str(tick), scale.small, theme.MUTED)
            axes.blit(label, label.get_rect(midtop=(x, plot.bottom + unit * 0.2)))
    caption = theme.text(words.text("end.graph.turn"), scale.small, theme.MUTED)
    axes.blit(caption, caption.get_rect(midtop=(plot.centerx, plot.bottom + unit * 0.2 + caption.get_height())))
    pygame.draw.lines(axes, theme.INK, False, [plot.topleft, plot.bottomleft, plot.bottomright], 2)
    y = plot.bottom - plot.h * view["threshold"] / highest
    dashed(axes, theme.ACCENT, (plot.x, y), (plot.right, y), max(2, unit // 8), (unit * 0.6, unit * 0.35))
    goal = theme.text(words.text("end.graph.threshold", threshold=view["threshold"]), scale.small, theme.ACCENT,
                      "semibold")
    at_goal = goal.get_rect(bottomleft=(plot.x + unit * 0.4, y - unit * 0.15))        # early turns: low VP
    axes.blit(goal, at_goal)
    whole = axes.copy()
    width = max(2, round(unit * 0.16))
    for name, points in lines.items():
        at = [point_at(view, lines, plot, name, i, scale) for i in range(len(points))]
        if len(at) > 1:
            pygame.draw.lines(whole, theme.INK, False, at, width + 2)
            dashed_lines(whole, theme.tribe_colour(name), at, width, [d * width for d in DASHES.get(name, ())])
        every = max(1, math.ceil(len(at) * unit * 0.9 / plot.w))
        for i in sorted(set(range(0, len(at), every)) | {len(at) - 1}):
            theme.draw_tribe(whole, name, at[i], unit * 0.32, theme.INK, 1)
    pad = round(unit * 0.2)                  # the threshold's words again, on paper over any line that crosses them
    whole.blit(theme.plate(at_goal.w + pad * 2, at_goal.h, (*theme.PANEL, 225), pad), at_goal.move(-pad, 0))
    whole.blit(goal, at_goal)
    return axes, whole


# --- drawing helpers -------------------------------------------------------------------------------------------


def dashed(surface: pygame.Surface, colour: Colour, a: tuple[float, float], b: tuple[float, float], width: int,
           pattern: tuple[float, float]) -> None:
    """A straight dashed line: `pattern` is (dash, gap) in pixels."""
    dashed_lines(surface, colour, [a, b], width, list(pattern))


def dashed_lines(surface: pygame.Surface, colour: Colour, points: Sequence[tuple[float, float]], width: int,
                 pattern: Sequence[float]) -> None:
    """A polyline drawn with a dash pattern (lengths drawn, then skipped, repeating; none: solid) that runs on
    across the corners."""
    if not pattern:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    k, left = 0, pattern[0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        at = 0.0
        while at < length:
            run = min(left, length - at)
            if k % 2 == 0:
                start, end = at / length, (at + run) / length
                pygame.draw.line(surface, colour, (x0 + (x1 - x0) * start, y0 + (y1 - y0) * start),
                                 (x0 + (x1 - x0) * end, y0 + (y1 - y0) * end), width)
            at += run
            left -= run
            if left <= 0:
                k += 1
                left = pattern[k % len(pattern)]


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int) -> None:
    """VP taken away: the rectangle struck through with diagonal lines of `colour` over a pale ground."""
    pygame.draw.rect(surface, theme.mix(colour, theme.WHITE, 0.6), rect)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    for x in range(rect.x - rect.h, rect.right, step * 2):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.h, rect.y), max(1, step // 2 + 1))
    surface.set_clip(clip)
    pygame.draw.rect(surface, colour, rect, 1)

"""The end of a game: the winner, the final VP of each player, and why (V3: the threshold; V5: how ties were
broken; X11: a shared victory), then a new game. A game someone won ends on a fanfare (none at speed instant,
which plays no sound)."""
from __future__ import annotations

import pygame

from .. import flow, sound, theme, words
from ..app import App, scene
from ..match import Match
from ..render.hud import eval_fraction, fraction_text
from ..theme import Scale
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form


@scene("end")
class EndScene(Dialog):
    closable = False
    hints = (("select", "hint.choose"), ("step", "hint.step"))

    def __init__(self, app: App, match: Match):
        super().__init__(app, Form([Button(words.text("menu.new_game"), self.again, primary=True),
                                    Button(words.text("menu.title"), self.title),
                                    Button(words.text("menu.quit"), app.quit)]))
        self.match = match
        self.view = match.view(None)
        if self.view["winners"] and match.speed != "instant":
            sound.play("victory")

    def again(self) -> None:
        flow.open_title(self.app)
        flow.open_setup(self.app)

    def title(self) -> None:
        flow.open_title(self.app)

    def why(self) -> str:
        view, result = self.view, self.match.result()
        winners = view["winners"]
        if not result.over:
            return words.text("end.why.turns.one" if result.turns == 1 else "end.why.turns",
                              threshold=view["threshold"], turns=result.turns)
        if len(winners) > 1:
            return words.text("end.why.shared")
        over = [p for p in view["players"] if eval_fraction(p["vp"]) >= view["threshold"]]
        if len(over) > 1:
            return words.text("end.why.most", n=len(over), threshold=view["threshold"], winner=winners[0])
        return words.text("end.why.claimed", winner=winners[0], threshold=view["threshold"])

    def heading(self) -> str:
        winners, humans = self.view["winners"], self.match.humans
        if winners == humans and len(humans) == 1:
            return words.text("end.you_win")
        return words.text("end.wins", player=winners[0]) if len(winners) == 1 else \
            words.text("end.shared" if winners else "end.none")

    def size(self, scale: Scale) -> tuple[float, float]:
        """The panel: 34 units wide, as tall as the heading, why, a row per player and the buttons."""
        unit = scale.unit
        width = unit * 34
        why = len(theme.wrap(self.why(), scale.body, width - unit * 2)) * theme.font(scale.body).get_height()
        title = theme.font(round(scale.title * 0.6), "bold").get_height()
        return width, unit * 7.5 + title + why + unit * 1.8 * len(self.view["players"])

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)
        unit = scale.unit
        box = self.panel(screen, *self.size(scale), scale)
        title = theme.text(self.heading(), round(scale.title * 0.6), theme.INK, "bold")
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + unit)))
        y = box.y + unit * 1.5 + title.get_height()
        for line in theme.wrap(self.why(), scale.body, box.w - unit * 2):
            text = theme.text(line, scale.body, theme.MUTED)
            screen.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += text.get_height()
        y += unit
        for p in sorted(self.view["players"], key=lambda p: -eval_fraction(p["vp"])):
            theme.draw_tribe(screen, p["name"], (box.x + unit * 3, y + unit * 0.7), unit * 0.55)
            screen.blit(theme.text(p["name"], scale.body, theme.INK, "bold"), (box.x + unit * 4.2, y))
            vp = theme.text(words.text("end.vp", vp=fraction_text(p["vp"])), scale.body, theme.INK, "bold")
            screen.blit(vp, vp.get_rect(topright=(box.right - unit * 3, y)))
            y += unit * 1.8
        bw = (box.w - unit * 4) // 3
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect(box.x + unit + i * (bw + unit), box.bottom - unit * 3.4, bw, round(unit * 2.3))
        self.form.draw(screen, scale.body)

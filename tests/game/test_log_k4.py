"""The log at the table (issue 40, a fresh player's run): every player's part of a step has its line in turn
order, a bot's pass too (T1), so the order chosen (T2) is seen played out; and a game's first log is a panel as
tall as its lines, never a tall empty box over the map."""
from __future__ import annotations

import engine
from game import theme
from game.app import App
from game.match import Match
from game.scenes.help import HelpScene
from game.scenes.table import TableScene
from tests.game.conftest import click


def until_human(app: App, table: TableScene) -> None:
    """Frames until the human decides and the animations have played."""
    for _ in range(400):
        if table.legal and not table.anim.busy:
            return
        app.frame()
    raise AssertionError("the human never came to decide")


def started(app: App, rules: engine.Ruleset) -> TableScene:
    table = TableScene(app, Match.new(rules, 2, ["human", "easy"], 5, speed="instant"))
    app.push(table)
    until_human(app, table)
    return table


def test_T1_T2_each_players_pass_is_a_line_in_the_order_chosen(app: App, rules: engine.Ruleset) -> None:
    table = started(app, rules)
    table.act(engine.Action("order", ("Samoa", "cw")))          # Tonga has Samoa play first (T2)
    until_human(app, table)
    assert table.match.view("Tonga")["step"] == "exploration"
    table.act(engine.Action("end", ()))                        # Tonga does not explore
    until_human(app, table)
    assert table.match.view("Tonga")["step"] == "movement"
    said = [line for line, _ in table.log.lines]
    first = said.index("Tonga has Samoa play first.")
    assert "Tonga does not explore this turn." in said[first:]
    assert said[-1] == "Samoa ends Movement & Battle.", "Samoa, first, ended its part before Tonga's turn"
    samoa = next(n for n, line in enumerate(said) if line.startswith("Samoa's explorer returns home"))
    assert first < samoa < said.index("Tonga does not explore this turn."), "the exploration in the order chosen"


def test_the_first_log_is_as_tall_as_its_lines(app: App, rules: engine.Ruleset) -> None:
    table = started(app, rules)
    column = table.panels()["log"]
    screen = app.screen
    app.frame()
    low = [screen.get_at((x, column.y + column.h * 3 // 4))[:3] for x in range(column.x + 8, column.right - 8)]
    paper = sum(all(abs(a - b) <= 8 for a, b in zip(pixel, theme.PANEL, strict=True)) for pixel in low)
    assert paper < len(low) // 10, "below a new game's few lines, the map shows through the log's column"
    panel = table.log.panel(column)
    assert column.y == panel.y and panel.h < column.h // 2
    rows = [y for y in range(panel.y, panel.bottom) if table.log.line_at(y, column) == 0]
    assert rows and min(rows) < column.y + column.h // 4, "the first line is drawn at the top of the column"
    click(app, (column.centerx, rows[len(rows) // 2]))
    assert isinstance(app.top, HelpScene) and app.top.code == "S1", "a click on it opens its rule"

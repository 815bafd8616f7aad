"""The developer tools run in-process: tools/draw_map.py draws the validated map and rejects a broken config."""
from __future__ import annotations

import pygame

from tests.engine.helpers import copy_config
from tools import draw_map


def test_draw_map_writes_the_png(tmp_path, capsys):
    out = tmp_path / "map.png"
    assert draw_map.main(["--out", str(out)]) == 0
    assert out.exists()
    assert pygame.image.load(str(out)).get_size() == (2088, 1407)   # the 23 x 12 map, box and legend
    assert "2088x1407" in capsys.readouterr().out


def test_draw_map_broken_config_exits_2_with_the_message(tmp_path, capsys):
    folder = copy_config(tmp_path)
    path = folder / "map.yaml"
    path.write_text(path.read_text().replace("columns: 23\n", "columns: many\n"))
    out = tmp_path / "map.png"
    assert draw_map.main(["--config", str(folder), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "map.yaml: columns" in err and "whole number" in err
    assert not out.exists()

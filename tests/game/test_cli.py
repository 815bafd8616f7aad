"""The window's command line (CLIENT.md): a bots-only game watched with --exit-at-end prints the headless
result line; --screenshot draws a real picture for each player count; hostile and careless input is one line on
stderr naming the option, exit code 2, and loses nothing (issue 26)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game import seats as seat_rules
from game.match import Match

from .helpers import refused, run


def test_a_watched_bot_game_prints_the_headless_result_line(tmp_path):
    seats = ("--players", "4", "--seed", "7")
    window = run("--new", *seats, "--seats", "rules,rules,rules,random", "--exit-at-end", "--speed", "instant",
                 "--data-dir", str(tmp_path))
    headless = run("--headless", *seats, "--bots", "rules,rules,rules,random")
    assert window.returncode == 0, window.stderr
    assert window.stdout.strip() == headless.stdout.strip().splitlines()[-1]


def test_the_levels_are_bot_names_on_the_command_line(tmp_path):
    """Issue 18: easy, normal and hard name bots for --bots (headless) and --seats (the window)."""
    headless = run("--headless", "--players", "3", "--seed", "2", "--turns", "3", "--bots", "easy,normal,hard")
    assert headless.returncode == 0, headless.stderr
    assert "game seed 2:" in headless.stdout
    window = run("--new", "--players", "3", "--seed", "2", "--turns", "2", "--seats", "hard,easy,normal",
                 "--exit-at-end", "--speed", "instant", "--data-dir", str(tmp_path))
    assert window.returncode == 0, window.stderr
    wrong = run("--headless", "--bots", "expert")
    assert wrong.returncode == 2 and "unknown bot 'expert'" in wrong.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_screenshot_is_a_real_picture(tmp_path, players):
    shot = tmp_path / f"table{players}.png"
    out = run("--new", "--players", str(players), "--seats", "human," + ",".join(["rules"] * (players - 1)),
              "--seed", str(players), "--fast-forward", "4", "--screenshot", str(shot), "--size", "1280x720",
              "--data-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    raw = pygame.image.tobytes(picture, "RGB")
    colours = {raw[i:i + 3] for i in range(0, len(raw), 3 * 7)}
    assert len(colours) > 400, f"only {len(colours)} colours: not a real picture"


def test_the_same_view_gives_the_same_pixels(tmp_path):
    shots = []
    for name in ("a.png", "b.png"):
        shot = tmp_path / name
        out = run("--new", "--players", "2", "--seats", "human,rules", "--seed", "9", "--fast-forward", "3",
                  "--screenshot", str(shot), "--viewer", "public", "--data-dir", str(tmp_path / f"data-{name}"))
        assert out.returncode == 0, out.stderr
        shots.append(pygame.image.tobytes(pygame.image.load(str(shot)), "RGB"))
    assert shots[0] == shots[1]


def test_the_window_fits_the_screen_it_opens_on():
    """Issue 24: without --size the window opened at 1280x720 whatever the screen."""
    from game.client import DEFAULT_SIZE, fitting_size
    assert fitting_size((3840, 2160)) == (3264, 1836)
    assert fitting_size((1920, 1080)) == (1632, 918)
    assert fitting_size((1280, 800)) == (1152, 720), "a Steam Deck: most of its screen"
    assert fitting_size((1024, 600)) == (922, 540)
    assert fitting_size(None) == DEFAULT_SIZE


# --- hostile and careless input (issue 26) ---------------------------------------------------------------------

BIG = "1" + "0" * 5000
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def contents(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` and what it holds, looked at without opening a FIFO or following a link."""
    found: dict[str, bytes | str] = {}
    for top, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(top, name)
            found[str(path.relative_to(folder))] = path.read_bytes() if path.is_file() and not path.is_symlink() \
                else "other"
    return found


@pytest.fixture
def places(tmp_path: Path) -> dict[str, str]:
    """What a careless or hostile path may name: a file, a folder, a FIFO, a symlink loop, a device, nothing, a
    name too long for any file system, a folder that cannot be written; and a data folder with a player's
    settings in it, which no refused command may touch."""
    (tmp_path / "file").write_text("not a folder")
    (tmp_path / "folder").mkdir()
    (tmp_path / "loop").symlink_to("loop")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"rumble": false}\n')
    named = {name: str(tmp_path / name) for name in ("file", "folder", "loop", "missing", "locked", "data")}
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        named["fifo"] = str(tmp_path / "fifo")
    return {**named, "device": os.devnull, "long": str(tmp_path / ("x" * 300))}


# Each class of hostile input: the option the error must name, and the command line ({name} is a place above).
ARGUMENTS = {
    "numbers": [
        ("--players", ["--players", v]) for v in ("", "5", "1", BIG, "four", "\u0663")] + [
        ("--seed", ["--seed", v]) for v in ("-1", str(2 ** 64), BIG, "nan", "")] + [
        (option, [option, v]) for option in ("--turns", "--games", "--ui-monkey", "--fast-forward")
        for v in ("-1", "1" + "0" * 30, "")] + [
        ("--turns", ["--turns", "0"]), ("--games", ["--games", "0"])],
    "ui scales": [("--ui-scale", ["--ui-scale", v])
                  for v in ("nan", "inf", "-inf", "-1", "0", "2.5", "1e308", BIG, "")],
    "window sizes": [("--size", ["--size", v]) for v in ("", "0x0", "-1x-1", BIG + "x720", "99999x99999", "nan",
                                                          "1280x", "\u0661\u0662\u0668\u0660x720", "1280x720x2")],
    "seat and bot kinds": [
        ("--bots", ["--bots", v]) for v in ("", "expert", ",,,", "normal,normal")] + [
        ("--seats", ["--new", "--seats", v]) for v in ("", "robot", "human,human", "human,rules,rules,rules,rules")],
    "option forms": [("--options", ["--options", v]) for v in ("variable_game_end=lots", "variable_game_end=²",
                                                               "variable_game_end=" + BIG)],
    "data folders": [("--data-dir", ["--data-dir", v]) for v in ("", "{file}", "{file}/sub", "{fifo}", "{loop}",
                                                                 "{device}", "{long}", "{loop}/sub")
                     + ("{locked}/data",) * (not AS_ROOT)],             # root may write in a read-only folder
    "pictures": [("--screenshot", ["--screenshot", v]) for v in ("", "{missing}/x.png", "{folder}", "{file}/x.png",
                                                                 "{fifo}", "{loop}", "{device}", "{folder}/x.txt",
                                                                 "{long}.png")],
    "saves": [("--load", ["--load", v]) for v in ("", "{missing}", "{folder}", "{fifo}", "{loop}", "{device}",
                                                  "{long}")],
    "rule folders": [("--config", ["--config", v]) for v in ("", "{missing}", "{file}", "{fifo}", "{loop}")],
    "options that need others": [
        ("--viewer", ["--new", "--viewer", "Tonga"]), ("--viewer", ["--screenshot", "{folder}/x.png", "--viewer", "x"]),
        ("--scene", ["--scene", "title"]), ("--scene", ["--screenshot", "{folder}/x.png", "--scene", "handoff"]),
        ("--fast-forward", ["--fast-forward", "3"]), ("--load", ["--new", "--load", "{file}"]),
        ("--continue", ["--load", "{file}", "--continue"])],
}
if not hasattr(os, "mkfifo"):
    ARGUMENTS = {kind: [(o, argv) for o, argv in cases if "{fifo}" not in " ".join(argv)]
                 for kind, cases in ARGUMENTS.items()}


@pytest.mark.parametrize("kind", ARGUMENTS)
def test_hostile_arguments_are_one_line_naming_the_option(places, capsys, kind):
    """Checked as argparse reads them (in this process: no window opens for them): each is exit code 2 and one
    line on stderr naming the option, nothing on stdout, nothing made or changed."""
    before = contents(Path(places["data"]).parent)
    for option, argv in ARGUMENTS[kind]:
        command = [arg.format(**places) for arg in argv] + ["--data-dir", places["data"]] * ("--data-dir" not in argv)
        with pytest.raises(SystemExit) as exit_:
            main.parse_args(command)
        out = capsys.readouterr()
        refused(subprocess.CompletedProcess(command, exit_.value.code, out.out, out.err), option)
        assert len(out.err) < 500, out.err
    assert contents(Path(places["data"]).parent) == before


def test_hostile_arguments_in_a_real_process(places):
    """A few of the above as the player meets them: the process's exit code and its streams."""
    for option, value in (("--ui-scale", "nan"), ("--size", BIG + "x720")):
        refused(run(option, value, "--data-dir", places["data"]), option)
    refused(run("--data-dir", places["file"]), "--data-dir")


@pytest.fixture
def pinned(places, rules) -> tuple[Path, str]:
    """A pass-and-play save whose second seat has a PIN, and that seat."""
    match = Match.new(rules, 2, ["human", "human"], 5, speed="instant")
    seat = match.names[1]
    match.settings[seat] = seat_rules.SeatSettings(seat_rules.pin_hash(seat, "2468"))
    path = Path(places["folder"]) / "pinned.paradise"
    match.save(path)
    match.close()
    return path, seat


@pytest.mark.parametrize("damage", ["fifo", "device", "folder", "huge", "damaged"])
def test_a_save_that_cannot_be_opened_is_one_line(places, damage):
    """--load of a FIFO (which must not hang the game), a device, a folder, a huge or a damaged file."""
    if damage == "fifo" and "fifo" not in places:
        pytest.skip("no FIFOs here")
    before = contents(Path(places["data"]))
    save = places.get(damage) or str(Path(places["folder"]) / f"{damage}.paradise")
    if damage == "huge":
        with open(save, "wb") as handle:
            handle.truncate(9 << 20)                          # sparse: costs no disk
    elif damage == "damaged":
        Path(save).write_bytes(b"PK\x03\x04" + bytes(range(256)) * 8)
    refused(run("--load", save, "--data-dir", places["data"], timeout=30), "--load")
    assert contents(Path(places["data"])) == before


def test_what_only_the_rules_or_the_game_can_refuse(places, pinned):
    """An option the rules do not know, a viewer who does not play, a view behind a PIN in a picture (a test
    build draws it; the hand-off, which asks for the PIN, may be drawn by anyone)."""
    save, seat = str(pinned[0]), pinned[1]
    before = contents(Path(places["data"]))
    shot = str(Path(places["folder"]) / "x.png")
    for option, argv, env in (
            ("--options", ["--headless", "--options", "volcanoes"], {}),
            ("--viewer", ["--load", save, "--screenshot", shot, "--viewer", "Nobody"], {}),
            ("--viewer", ["--load", save, "--screenshot", shot, "--viewer", seat],
             {"PARADISE_TEST_BUILD": None})):
        refused(run(*argv, "--data-dir", places["data"], env=env), option)
    assert not Path(shot).exists()
    assert contents(Path(places["data"])) == before
    for scene, env in (("handoff", {"PARADISE_TEST_BUILD": None}), ("table", {})):
        shot = str(Path(places["folder"]) / f"{scene}.png")
        out = run("--load", save, "--screenshot", shot, "--viewer", seat, "--scene", scene, "--data-dir",
                  places["data"], env=env)
        assert out.returncode == 0 and Path(shot).exists(), out.stderr
    assert contents(Path(places["data"])) == before, "a picture keeps no autosave"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland tell of a display by DISPLAY")
def test_no_display_says_so_instead_of_opening_an_unseen_window(places):
    """With no display SDL would open its invisible offscreen window, and `dev.py play` would wait unseen."""
    gone: dict[str, str | None] = {"SDL_VIDEODRIVER": None, "DISPLAY": None, "WAYLAND_DISPLAY": None}
    before = contents(Path(places["data"]))
    out = run("--data-dir", places["data"], env=gone, timeout=30)
    refused(out, "--headless")
    assert "no display" in out.stderr
    assert contents(Path(places["data"])) == before

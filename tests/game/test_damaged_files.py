"""Damaged files never crash the game (issue 36): a save's archive damaged in any way zipfile and zlib can meet, a
hostile picture in a save, a tutorial progress that cannot be written, a missing or garbage font and the temporary
a killed save left are each refused, shown without their part, or cleaned up; never a traceback, an abort or a
hang. The attack's classes are run here in part (bench/attack.py runs them in full), through the ways a player
meets a save: the saved games' list, --load (Match.load) and Continue (flow.load_latest)."""
from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pygame
import pytest

import engine
from bench import attack
from game import flow, savefile, settings, theme, tutorial
from game.match import Match
from game.scenes import saves
from game.scenes.saves import SavesScene

from .helpers import ROOT, refused, run

CENTRAL = b"PK\x01\x02"
# How each damage of the point 1 is made in a member's headers (local, then the central directory's) or
# data, and what zipfile raised before it was refused.
DAMAGES = {"deflate garbage (zlib.error)": "data", "an unknown compression method (NotImplementedError)": "method",
           "the encrypted flag (RuntimeError)": "flag"}


@pytest.fixture(scope="module")
def real(tmp_path_factory, rules) -> bytes:
    """A real save's bytes: a short bot game with the map's picture."""
    pygame.font.init()
    return attack.real_save(rules, tmp_path_factory.mktemp("real") / "real.paradise").read_bytes()


def damaged(raw: bytes, how: str, member: str = "game.json") -> bytes:
    """The save with one member damaged: its deflated data made garbage, its method one zipfile lacks (99, AES), or
    its encrypted flag set, in its local header and in the central directory alike."""
    info = zipfile.ZipFile(io.BytesIO(raw)).getinfo(member)
    out = bytearray(raw)
    local = info.header_offset
    name_len, extra_len = struct.unpack_from("<HH", raw, local + 26)
    central = next(at for at in range(raw.index(CENTRAL), len(raw)) if raw.startswith(CENTRAL, at)
                   and raw[at + 46:at + 46 + len(member)] == member.encode())
    if how == "data":
        start = local + 30 + name_len + extra_len
        out[start:start + info.compress_size] = b"\xff" * info.compress_size        # a block of a reserved type
    for header, flag_at in ((local, 6), (central, 8)):
        if how == "method":
            struct.pack_into("<H", out, header + flag_at + 2, 99)
        elif how == "flag":
            struct.pack_into("<H", out, header + flag_at, info.flag_bits | 1)
    return bytes(out)


def autosaves_of(rules: engine.Ruleset, data: Path, newest: bytes) -> attack.Autosaves:
    """A data folder whose newest autosave holds `newest`, an older whole one behind it."""
    autosaves = attack.Autosaves.of(rules, data)
    autosaves.put(newest)
    return autosaves


# --- 1. a damaged archive ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("damage", list(DAMAGES))
def test_deflate_garbage_an_unknown_method_and_encryption_are_refused_not_raised(app, real, damage):
    """Point 1: each is one SaveError ("damaged") naming the file, for the list, --load and Continue; the saved
    games' list opens with such a file in the folder and shows it as damaged."""
    folder = app.settings.data_dir / "saves"
    folder.mkdir(parents=True)
    path = folder / "hurt.paradise"
    path.write_bytes(damaged(real, DAMAGES[damage]))
    with pytest.raises(engine.SaveError) as caught:
        savefile.read(path)
    assert caught.value.kind == "damaged" and "hurt.paradise" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(engine.SaveError):
        Match.load(app.rules, path, speed="instant")
    app.push(app.make("saves"))
    app.frame()
    scene = app.top
    assert isinstance(scene, SavesScene) and [bool(r.damaged) for r in scene.rows] == [True]


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_newest_autosave_is_skipped_for_the_one_before(tmp_path, rules, real, damage):
    autosaves = autosaves_of(rules, tmp_path / "data", damaged(real, DAMAGES[damage]))
    match = flow.load_latest(rules, autosaves.data, speed="instant")
    assert match.state_hash() == autosaves.older_hash, "Continue opens the older autosave"
    attack.looked_at(match)


def test_load_and_continue_with_a_damaged_save_say_why_in_one_line(tmp_path, rules, real):
    """--load of a damaged save is one line naming the option (exit code 2), never a traceback; --continue, whose
    newest autosave is damaged, opens the one before."""
    hurt = tmp_path / "hurt.paradise"
    hurt.write_bytes(damaged(real, "data"))
    refused(run("--load", str(hurt), "--data-dir", str(tmp_path / "data"), timeout=60), "--load")
    autosaves = autosaves_of(rules, tmp_path / "continued", damaged(real, "method"))
    shot = tmp_path / "continued.png"
    out = run("--continue", "--data-dir", str(autosaves.data), "--screenshot", str(shot), timeout=60)
    assert out.returncode == 0 and shot.is_file() and "Traceback" not in out.stderr, out.stderr


# --- 2, 3, 6. a hostile picture -------------------------------------------------------------------------------

LIST_CODE = """
import sys
from pathlib import Path
import pygame
import engine
from game import scenes
from game.app import App, Settings
pygame.display.init()
pygame.font.init()
app = App(pygame.display.set_mode((1280, 720)), Settings(data_dir=Path(sys.argv[1]), speed="instant"),
          engine.load_ruleset(), fixed_dt=1 / 60)
app.push(app.make("saves"))
app.frame()
print([(r.picture is not None, bool(r.damaged)) for r in app.top.rows])
"""


def test_an_xpm_claiming_200000_pixels_a_side_never_aborts_the_list(tmp_path, real):
    """Point 2: the 78-byte "picture" that aborted the interpreter (SIGABRT) when the list opened: the row is shown,
    without a picture."""
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "xpm.paradise").write_bytes(attack.with_picture(real, attack.XPM_BOMB))
    out = subprocess.run([sys.executable, "-c", LIST_CODE, str(tmp_path / "data")], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}, check=False)
    assert out.returncode == 0 and "Fatal Python error" not in out.stderr, out.stderr
    assert out.stdout.strip() == "[(False, False)]"


def test_an_8_bit_picture_is_drawn_not_raised(app, real):
    """Point 3: a palette or grey PNG is shown (made 32-bit for smoothscale); an 8-bit GIF is no picture. The list
    draws each, focused in turn."""
    folder = app.settings.data_dir / "saves"
    folder.mkdir(parents=True)
    pictures = {"palette": attack.saved_picture(pygame.Surface(attack.SIZE, depth=8), ".png"),
                "grey": attack.png(colour=0), "gif": attack.GIF}
    for name, picture in pictures.items():
        (folder / f"{name}.paradise").write_bytes(attack.with_picture(real, picture))
    app.push(app.make("saves"))
    app.frame()
    scene = app.top
    assert isinstance(scene, SavesScene) and scene.picture_box is not None
    shown = {}
    for i, row in enumerate(scene.rows):
        scene.current = i
        app.frame()
        shown[row.path.stem] = row.picture is not None and row.picture.get_bitsize() == 32
    assert shown == {"palette": True, "grey": True, "gif": False}


def test_a_png_bomb_is_refused_before_it_is_decoded(tmp_path, real, monkeypatch):
    """Point 6: the issue's 653 kB PNG of 16000 x 14000 pixels (2.2 GiB and 22 s each time the list was read) is
    never handed to the decoder; the row is shown without it."""
    decoded: list[object] = []
    monkeypatch.setattr(pygame.image, "load", lambda *args: decoded.append(args) or pygame.Surface((1, 1)))
    path = tmp_path / "bomb.paradise"
    path.write_bytes(attack.with_picture(real, attack.png_bomb()))
    began = time.perf_counter()
    _, row = saves.row(path, autosave=False)
    assert not row.damaged and row.picture is None and decoded == []
    assert time.perf_counter() - began < 1


# --- the attack's classes ---------------------------------------------------------------------------------------

def test_2000_single_bit_flips_of_a_real_save_are_each_opened_or_refused(tmp_path, rules, real):
    """Every flip through the list's row (the file read, its picture decoded and scaled as the list draws it); a
    sample of them through --load (Match.load) and Continue (flow.load_latest, an older whole autosave behind)."""
    listing, load, resume = attack.Tally(), attack.Tally(), attack.Tally()
    path = tmp_path / "flipped.paradise"
    autosaves = attack.Autosaves.of(rules, tmp_path / "data")
    for i, flipped in enumerate(attack.flips(real, 2000, 36)):
        path.write_bytes(flipped)
        listing.meet(f"flip {i}", attack.in_the_list, path)
        if i % 50 == 0:
            load.meet(f"flip {i}", attack.loaded, rules, path)
            resume.meet(f"flip {i}", autosaves.continued, rules, flipped)
    assert listing.crashed == load.crashed == resume.crashed == []
    assert listing.loaded + listing.refused == 2000 and load.loaded + load.refused == 40
    assert listing.refused > 0, "some flips damage what a save cannot do without"


PICTURES_CODE = """
import sys
from pathlib import Path
import pygame
from bench import attack
pygame.font.init()
real, folder = Path(sys.argv[1]).read_bytes(), Path(sys.argv[2])
shown = attack.Tally()
for i, (name, picture) in enumerate(attack.hostile_pictures().items()):
    path = folder / f"{i}.paradise"
    path.write_bytes(attack.with_picture(real, picture))
    shown.meet(name, attack.pictured, path)
    if not attack.in_the_list(path):
        shown.crashed.append(f"{name}: the save is refused for its picture")
print(shown.loaded, shown.refused, shown.crashed)
"""


def test_100_hostile_pictures_are_each_shown_or_left_out(tmp_path, real):
    """In a process of its own, so that an abort would fail the test: each picture in a save is shown (decoded and
    scaled) or left out, and the save's row is there either way."""
    (tmp_path / "real.paradise").write_bytes(real)
    out = subprocess.run([sys.executable, "-c", PICTURES_CODE, str(tmp_path / "real.paradise"), str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}, check=False)
    assert out.returncode == 0, out.stderr
    shown, left_out, crashed = out.stdout.strip().split(" ", 2)
    assert crashed == "[]" and int(shown) + int(left_out) == 100 and int(shown) >= 10


# --- 8. tutorial progress that cannot be written ---------------------------------------------------------------

def test_a_chapter_finished_where_its_progress_cannot_be_written_still_counts(tmp_path, capsys):
    """Point 8: a folder in tutorial.json's place (as a full or read-only folder would, it refuses the write): one
    warning line, and the chapter is done for the rest of the run."""
    path = tmp_path / "tutorial.json"
    path.mkdir()
    first = tutorial.chapters()[0].id
    tutorial.Progress(path).finish(first)
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and str(path) in said and "this run only" in said, said
    assert first in tutorial.Progress(path).done, "the chapters' list still shows it done"
    assert [p.name for p in tmp_path.iterdir()] == ["tutorial.json"], "no temporary is left"


# --- 11. a missing or garbage font ----------------------------------------------------------------------------

FONT_CODE = """
import sys
from pathlib import Path
import pygame
from game import theme
pygame.font.init()
folder = Path(sys.argv[1])
theme.asset = lambda *parts: folder.joinpath(*parts[1:])
font = theme.font(20)
print(font.get_height(), font.size("Tonga"), theme.text("Tonga", 20).get_size(), theme.font(30).get_height())
"""


def font_damages() -> dict[str, object]:
    whole = (ROOT / "assets" / "fonts" / "SourceSansPro-Regular.ttf").read_bytes()
    flipped = bytearray(whole)
    flipped[len(whole) // 2] ^= 0x10
    return {"missing": None, "garbage": bytes(4000), "random bytes": bytes(range(256)) * 20, "a folder": "folder",
            "truncated": whole[:2000], "a damaged glyph table": bytes(flipped)}


@pytest.mark.parametrize("damage", list(font_damages()))
def test_a_missing_or_garbage_font_is_one_warning_and_the_default_font(tmp_path, damage):
    """Point 11: in a process of its own (a garbage font crashed the interpreter when measured): the text is drawn
    with pygame's own font, and stderr holds one warning naming the file."""
    made = font_damages()[damage]
    font = tmp_path / theme.FAMILIES[theme.LATIN]["regular"]
    if made == "folder":
        font.mkdir()
    elif isinstance(made, bytes):
        font.write_bytes(made)
    out = subprocess.run([sys.executable, "-c", FONT_CODE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}, check=False)
    assert out.returncode == 0, out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: ") and str(font) in lines[0], out.stderr
    assert out.stdout.split()[0].isdigit()


# --- 12. temporaries -------------------------------------------------------------------------------------------

def test_the_temporary_a_killed_autosave_left_is_removed_by_the_next(tmp_path, rules, real):
    """Point 12: only the names a killed write makes (`.<name>.XXXXXXXX.tmp`) go, a game's autosaves' at its next
    autosave and a named save's at its next save; the game's lock and other files stay."""
    contents = savefile.read(attack.real_save(rules, tmp_path / "x.paradise"))
    autosaves = savefile.Autosaves(tmp_path / "autosaves", contents.meta.game_id)
    autosaves.folder.mkdir(parents=True)
    stale = [".000001.paradise.abcd1234.tmp", ".000007.paradise.z_9y8x7w.tmp"]
    kept = [".open", "notes.tmp", ".000001.paradise.ABCD1234.tmp", ".000001.paradise.abc.tmp", "x.paradise.tmp"]
    for name in stale + kept:
        (autosaves.folder / name).write_bytes(b"left over")
    autosaves.write(contents)
    assert sorted(p.name for p in autosaves.folder.iterdir()) == sorted([*kept, "000001.paradise"])
    named = tmp_path / "saves"
    named.mkdir()
    (named / ".evening.paradise.abcd1234.tmp").write_bytes(b"left over")
    (named / ".morning.paradise.abcd1234.tmp").write_bytes(b"another save's, written now")
    savefile.write(named / "evening.paradise", contents)
    assert sorted(p.name for p in named.iterdir()) == [".morning.paradise.abcd1234.tmp", "evening.paradise"]


def test_settings_and_progress_are_never_written_through_what_sits_at_a_temporary_name(tmp_path):
    """The fixed `.<name>.tmp` the settings and the tutorial's progress were written through: a link there sent
    the settings into the file it names, a folder there stopped the write."""
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("untouched")
    (tmp_path / f".{settings.FILE}.tmp").symlink_to(elsewhere)
    (tmp_path / ".tutorial.json.tmp").mkdir()
    settings.save(tmp_path, rumble=False)
    tutorial.Progress(tmp_path / "tutorial.json").finish(tutorial.chapters()[0].id)
    assert elsewhere.read_text() == "untouched"
    assert json.loads((tmp_path / settings.FILE).read_text()) == {"rumble": False}
    assert json.loads((tmp_path / "tutorial.json").read_text()) == {"done": [tutorial.chapters()[0].id]}

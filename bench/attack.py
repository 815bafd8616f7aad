"""The attack of issue 36 in full: damaged and hostile files never crash the game (printed; exit 1 if any crashed).

    python bench/attack.py [--flips 2000] [--seed 36]

A real save (a short bot game with the map's picture) is flipped at one random bit, `--flips` times, and each
flipped file is met the three ways a player meets a save: --load (Match.load), --continue and the title's Continue
(flow.load_latest, an older whole autosave of the same game behind it) and the saved games' list (its row, the
picture scaled as the list draws it). Then 100 hostile pictures (8-bit, grey, huge or cut short PNGs, PNG bombs,
GIF, XPM, BMP, JPEG, SVG, random bytes...) are each a save's picture in the list. Each is counted loaded, refused
(for Continue: the older autosave opened) or crashed (any exception but the SaveError that says why); an abort or
a hang stops the run itself. tests/game/test_damaged_files.py runs a sample of the same.
"""
from __future__ import annotations

import argparse
import io
import os
import random
import struct
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import engine  # noqa: E402
from game import flow, savefile  # noqa: E402
from game.match import Match  # noqa: E402
from game.render.layout import Layout  # noqa: E402
from game.render.mapart import MapArt  # noqa: E402
from game.scenes import saves  # noqa: E402
from game.scenes.table.map import png_bytes  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}        # a PNG's colour type: its channels
SIZE = (40, 30)                                  # the hostile pictures' own size, where they have one
GIF = (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00"
       b"\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
XPM_BOMB = b'/* XPM */\nstatic char *p[] = {\n"200000 200000 1 1",\n"a c #000000",\n"a'     # the SIGABRT


@dataclass
class Tally:
    """How the files met one way of opening them fared: opened, refused (saying why), or crashed (with what)."""
    loaded: int = 0
    refused: int = 0
    crashed: list[str] = field(default_factory=list)

    def meet(self, name: str, attempt: Callable[..., bool], *args: Any) -> None:
        """Count one file: `attempt(*args)` says whether it opened, raises SaveError where it is refused."""
        try:
            opened = attempt(*args)
        except engine.SaveError:
            opened = False
        except Exception as exc:  # noqa: BLE001 - the count of crashes is what this measures
            self.crashed.append(f"{name}: {type(exc).__name__}: {exc}")
            return
        if opened:
            self.loaded += 1
        else:
            self.refused += 1

    def line(self, what: str) -> str:
        return f"{what:<44} loaded {self.loaded:5}  refused {self.refused:5}  crashed {len(self.crashed):5}"


# --- the files ------------------------------------------------------------------------------------------------

def real_save(rules: engine.Ruleset, path: Path, turn: int = 6) -> Path:
    """A short bot game (a human seat played by the rule bot) saved at `turn` with the map's picture, as the
    pause menu saves it; pygame.font must be up (the picture is drawn)."""
    match = Match.new(rules, 2, ["human", "rules"], 3, speed="instant")
    match.fast_forward(turn)
    view = match.view(None)
    board = MapArt(rules, Layout(rules), view["options"]).compose(0.45, view).surface
    shot = png_bytes(board)
    match.picture = lambda: shot
    match.save(path, f"Turn {turn}")
    match.close()
    return path


def flips(raw: bytes, count: int, seed: int) -> Iterator[bytes]:
    """`count` copies of the bytes, each with one bit flipped, the bits drawn from the seed."""
    rnd = random.Random(seed)
    for _ in range(count):
        bit = rnd.randrange(len(raw) * 8)
        flipped = bytearray(raw)
        flipped[bit // 8] ^= 1 << (bit % 8)
        yield bytes(flipped)


def with_picture(save: bytes, picture: bytes) -> bytes:
    """A save whose picture is these bytes (stored, as the game stores its pictures)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(save)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name in source.namelist():
            if name != "picture.png":
                target.writestr(name, source.read(name))
        target.writestr("picture.png", picture, zipfile.ZIP_STORED)
    return out.getvalue()


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: tuple[int, int] = SIZE, colour: int = 2, depth: int = 8, *, rows: int | None = None,
        interlace: int = 0, before: bytes = b"", after: bytes = b"", data: bytes | None = None) -> bytes:
    """A PNG of zeros made by hand: any header a file may claim (`rows`: how many rows of its image data it holds;
    `before`/`after`: chunks around its image data)."""
    width, height = size
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    row = 1 + (width * CHANNELS.get(colour, 3) * depth + 7) // 8          # its filter byte, then its pixels
    palette = chunk(b"PLTE", bytes(range(48))) if colour == 3 else b""
    image = zlib.compress(bytes(row * (height if rows is None else rows))) if data is None else data
    return PNG + chunk(b"IHDR", header) + palette + before + chunk(b"IDAT", image) + after + chunk(b"IEND", b"")


@cache
def png_bomb() -> bytes:
    """The issue's PNG bomb: 653 kB that decode to 16000 x 14000 pixels (2.2 GiB and 22 s before)."""
    width, height = 16000, 14000
    squeeze, row = zlib.compressobj(9), bytes(1 + width * 3)
    image = b"".join(squeeze.compress(row) for _ in range(height)) + squeeze.flush()
    return png((width, height), data=image)


def saved_picture(surface: pygame.Surface, suffix: str) -> bytes:
    """The surface as pygame writes it in the format the suffix names (BMP, TGA, JPEG, PNG)."""
    with tempfile.TemporaryDirectory(prefix="paradise-attack-") as folder:
        path = Path(folder) / f"picture{suffix}"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def hostile_pictures() -> dict[str, bytes]:
    """100 pictures a save may hold instead of its map, each named for what it is."""
    colourful = pygame.Surface(SIZE)
    colourful.fill((30, 90, 150))
    eight_bit = pygame.Surface(SIZE, depth=8)
    good = saved_picture(colourful, ".png")
    out = {
        "the game's own PNG": good, "a palette PNG (8 bits)": saved_picture(eight_bit, ".png"),
        "a grey PNG": png(colour=0), "a grey PNG with alpha": png(colour=4), "a 1-bit grey PNG": png(colour=0, depth=1),
        "a 16-bit PNG": png(depth=16), "an RGBA PNG": png(colour=6), "a 2-bit palette PNG": png(colour=3, depth=2),
        "an interlaced PNG": png((1, 1), interlace=1), "an 83-byte GIF": GIF,
        "an XPM claiming 200000x200000": XPM_BOMB, "a BMP": saved_picture(colourful, ".bmp"),
        "a TGA": saved_picture(colourful, ".tga"), "a JPEG": saved_picture(colourful, ".jpg"),
        "a huge SVG": b'<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"></svg>',
        "a JPEG claiming 65535x65535": b"\xff\xd8\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03" + bytes(60),
        "a QOI header": b"qoif" + struct.pack(">II", 60000, 60000) + b"\x04\x00" + bytes(40),
        "a WebP header": b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(40), "a TIFF header": b"II*\x00" + bytes(60),
        "a PCX header": b"\x0a\x05\x01\x08" + b"\xff" * 8 + bytes(116), "an ICO header": b"\0\0\1\0\1\0" + bytes(60),
        "nothing": b"", "the PNG signature alone": PNG, "the issue's PNG bomb (16000x14000)": png_bomb(),
        "a PNG bomb's header (16000x14000)": png((16000, 14000), rows=4),
        "a PNG of 2049x1": png((2049, 1)), "a PNG of 1x2049": png((1, 2049)),
        "a PNG of 2048x2048 (too many pixels)": png((2048, 2048), rows=1), "a PNG of 0x0": png((0, 0), rows=0),
        "a PNG claiming 2^31-1 a side": png((2**31 - 1, 2**31 - 1), rows=0),
        "a PNG of colour type 5": png(colour=5), "a PNG of depth 3": png(depth=3), "a PNG of depth 0": png(depth=0),
        "an interlace of 2": png(interlace=2), "a palette PNG without its palette": png(colour=3)[:33] + png()[33:],
        "an unknown critical chunk": png(before=chunk(b"ZZZZ", b"x")),
        "two headers": png(before=chunk(b"IHDR", struct.pack(">IIBBBBB", 9000, 9000, 8, 2, 0, 0, 0))),
        "no image data": good.replace(b"IDAT", b"IDAx"), "image data of garbage": png(data=b"garbage, not zlib"),
        "too little image data": png(rows=3), "too much image data": png(rows=900),
        "a zTXt bomb": png(before=chunk(b"zTXt", b"c\0\0" + zlib.compress(bytes(1 << 19)))),
        "bytes after IEND": good + b"trailing", "a chunk claiming 4 GiB": PNG + b"\xff\xff\xff\xffIHDR" + bytes(40),
        "a CRC damaged": good[:29] + bytes([good[29] ^ 1]) + good[30:],
    }
    for cut in (10, 20, 33, 40, 60, len(good) // 2, len(good) - 12, len(good) - 1):
        out[f"a PNG cut at {cut} bytes"] = good[:cut]
    rnd = random.Random(36)
    while len(out) < 80:
        at = rnd.randrange(len(good) * 8)
        flipped = bytearray(good)
        flipped[at // 8] ^= 1 << (at % 8)
        out[f"the game's PNG, bit {at} flipped"] = bytes(flipped)
    while len(out) < 100:
        out[f"{len(out)}: random bytes"] = bytes(rnd.randrange(256) for _ in range(rnd.choice((8, 64, 600))))
    return out


# --- the ways a player meets them ----------------------------------------------------------------------------

def listed(path: Path) -> saves.Row:
    """The save's row in the saved games' list, its picture scaled as the list draws it."""
    _, row = saves.row(path, autosave=False)
    if row.picture is not None:
        w, h = row.picture.get_size()
        pygame.transform.smoothscale(row.picture, (max(1, w // 2), max(1, h // 3)))
    return row


def in_the_list(path: Path) -> bool:
    """Whether the list offers to open the save."""
    return not listed(path).damaged


def pictured(path: Path) -> bool:
    """Whether the list shows the save's picture."""
    return listed(path).picture is not None


def loaded(rules: engine.Ruleset, path: Path) -> bool:
    """--load and the list's Open: Match.load."""
    Match.load(rules, path, speed="instant").close()
    return True


def looked_at(match: Match) -> None:
    """Close a match opened only to be looked at: nothing of it is written (it keeps no autosaves)."""
    match.autosave = None
    match.close()


@dataclass
class Autosaves:
    """A data folder holding a game's two autosaves: an older whole one (turn 3) and the newest, which the attack
    puts there."""
    data: Path
    older: Path
    newest: Path
    older_hash: str

    @classmethod
    def of(cls, rules: engine.Ruleset, data: Path) -> Autosaves:
        game = data / savefile.AUTOSAVES / savefile.new_game_id()
        game.mkdir(parents=True)
        older = real_save(rules, game / f"{1:06d}{savefile.SUFFIX}", turn=3)
        older_hash = engine.state_hash(engine.from_data(savefile.read(older).game, rules))
        return cls(data, older, game / f"{2:06d}{savefile.SUFFIX}", older_hash)

    def put(self, newest: bytes) -> None:
        """The newest autosave holds these bytes, written after the older one."""
        self.newest.write_bytes(newest)
        stamp = time.time()
        os.utime(self.older, (stamp - 60, stamp - 60))

    def continued(self, rules: engine.Ruleset, newest: bytes) -> bool:
        """--continue and the title's Continue with `newest` as the newest autosave: whether it opened (False: the
        older one did)."""
        self.put(newest)
        match = flow.load_latest(rules, self.data, speed="instant")
        opened = match.state_hash() != self.older_hash
        looked_at(match)
        return opened


def attack(rules: engine.Ruleset, folder: Path, count: int, seed: int) -> dict[str, Tally]:
    """Every flipped save through the three ways, then every hostile picture through the list."""
    save = real_save(rules, folder / "real.paradise")
    autosaves = Autosaves.of(rules, folder / "data")
    load, resume, listing, shown = Tally(), Tally(), Tally(), Tally()
    flipped_path = folder / "flipped.paradise"
    for i, flipped in enumerate(flips(save.read_bytes(), count, seed)):
        flipped_path.write_bytes(flipped)
        load.meet(f"flip {i}", loaded, rules, flipped_path)
        resume.meet(f"flip {i}", autosaves.continued, rules, flipped)
        listing.meet(f"flip {i}", in_the_list, flipped_path)
    with_it = folder / "pictured.paradise"
    for name, picture in hostile_pictures().items():
        with_it.write_bytes(with_picture(save.read_bytes(), picture))
        shown.meet(name, pictured, with_it)
    return {f"{count} flips, --load (Match.load)": load,
            f"{count} flips, --continue (flow.load_latest)": resume,
            f"{count} flips, the saves' list": listing, "100 hostile pictures, shown in the list": shown}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flips", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    rules = engine.load_ruleset()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="paradise-attack-") as folder:
        tallies = attack(rules, Path(folder), args.flips, args.seed)
    for what, tally in tallies.items():
        print(tally.line(what))
        for crash in tally.crashed[:5]:
            print(f"    {crash}")
    print(f"{time.perf_counter() - began:.1f} s")
    return 1 if any(tally.crashed for tally in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

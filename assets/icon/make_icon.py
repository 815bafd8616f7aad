"""The program's icon, drawn by the game's own map art: a printed sea hex with an island group and an explorer's
canoe under Tonga's sail (game/render/mapart.py), so the icon looks like the table it opens.

    python assets/icon/make_icon.py

writes beside this script `paradise.png` (256x256, the window's icon) and `paradise.ico` (Windows: the
executable's icon, build.spec). The picture is drawn once at 1024 px and scaled down smoothly for each size, as
pygame's shapes have no anti-aliasing. pygame writes no .ico, but since Windows Vista an .ico may hold PNG images,
and that container is a few bytes of header written here: no image library is needed beside pygame.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from engine import hexgrid  # noqa: E402
from game import theme  # noqa: E402
from game.render import mapart  # noqa: E402

MASTER = 1024
SIZES = (16, 24, 32, 48, 64, 128, 256)       # what Windows asks of an .ico: lists, tiles, the desktop, Alt+Tab
PNG_SIZE = 256


def draw() -> pygame.Surface:
    """The icon at MASTER px on a transparent ground."""
    surface = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    middle, size = MASTER / 2, MASTER * 0.49
    pygame.draw.polygon(surface, theme.SEA_LINE, hexgrid.corners(middle, middle, size))
    pygame.draw.polygon(surface, theme.PRINTED_SEA, hexgrid.corners(middle, middle, size * 0.94))
    mapart.island(surface, (middle - size * 0.12, middle - size * 0.08), size, seed=7, atoll=False, green=0, brown=0)
    mapart.explorer(surface, (middle + size * 0.12, middle + size * 0.5), size * 0.42, "Tonga")
    return surface


def png(surface: pygame.Surface, side: int) -> bytes:
    small = pygame.transform.smoothscale(surface, (side, side))
    out = io.BytesIO()
    pygame.image.save(small, out, "icon.png")
    return out.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICONDIR, one ICONDIRENTRY per size (0 stands for 256), then the PNG data of each."""
    offset = 6 + 16 * len(images)
    head = struct.pack("<HHH", 0, 1, len(images))
    entries, data = b"", b""
    for side, image in images.items():
        entries += struct.pack("<BBBBHHII", side % 256, side % 256, 0, 0, 1, 32, len(image), offset + len(data))
        data += image
    return head + entries + data


def main() -> None:
    picture = draw()
    images = {side: png(picture, side) for side in SIZES}
    (HERE / "paradise.png").write_bytes(images[PNG_SIZE])
    (HERE / "paradise.ico").write_bytes(ico(images))
    print(f"wrote paradise.png ({PNG_SIZE}x{PNG_SIZE}) and paradise.ico ({', '.join(map(str, SIZES))})")


if __name__ == "__main__":
    main()

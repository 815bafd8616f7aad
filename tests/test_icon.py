"""The program's icon (assets/icon/make_icon.py): the .ico that build.spec gives the Windows program is well formed,
each of its images a PNG of the size its entry says, from 16 to 256 px; the window's icon is its largest."""
from __future__ import annotations

import io
import struct

import pygame

from game.paths import asset


def test_the_ico_holds_a_png_of_each_size_it_lists():
    data = asset("icon", "paradise.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = {}
    for n in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * n)
        image = data[offset:offset + length]
        assert image.startswith(b"\x89PNG\r\n\x1a\n") and (planes, bits) == (1, 32)
        side = width or 256                                     # 0 stands for 256
        assert width == height and pygame.image.load(io.BytesIO(image), "icon.png").get_size() == (side, side)
        sizes[side] = image
    assert min(sizes) == 16 and max(sizes) == 256
    assert sizes[256] == asset("icon", "paradise.png").read_bytes()

"""The one reader of the files the game cannot vouch for (issue 36): a save, its picture, the settings and the
tutorial's progress in the player's folders, and the fonts beside the program. Any of them may be damaged by a disk
or a copy, or made to harm, so each is refused unless it is proven to be what it claims: its size capped before
anything is read, an archive's members inflated within their caps by the methods the game writes (stored,
deflated) and never encrypted, a picture's PNG structure and size and a font's tables checked before any decoder
sees the bytes.

Every refusal is one error, Refused: one line naming the file and what is wrong, and a `kind`, one of
engine.SaveError.KINDS (what a player is told when the file is a save). Nothing here imports pygame: a match is
saved and read without it.
"""
from __future__ import annotations

import io
import json
import struct
import sys
import zipfile
import zlib
from array import array
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any

from engine import NotAFile, TooLarge, read_bytes_capped

# What an archive's member may be: the methods the game writes, and the flags a member of them may carry (deflate's
# speed, bits 1 and 2; sizes after the data, bit 3; a UTF-8 name, bit 11). Any other method zipfile meets raises
# NotImplementedError, or inflates by a decoder the game never needs (bzip2, LZMA); bit 0, encryption,
# RuntimeError.
ZIP_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
ZIP_FLAGS = 0x080E
# What zipfile and zlib raise on damaged bytes (the methods and flags above are refused before they would raise
# NotImplementedError or RuntimeError; both stay here, as does whatever else a damaged directory may give).
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError, ValueError, OverflowError,
              KeyError, struct.error, NotImplementedError, RuntimeError, MemoryError)

# A picture: a PNG of at most PICTURE_SIDE pixels a side and PICTURE_PIXELS in all (8 MiB once decoded), seven
# times the map's picture a save holds (693 x 429). Its colour types and the bit depths each allows (PNG, 11.2.2).
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PICTURE_SIDE = 2048
PICTURE_PIXELS = 1 << 21
PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
PNG_CRITICAL = (b"IHDR", b"PLTE", b"IDAT", b"IEND")

# A font: TrueType or OpenType (CFF) outlines, with the tables every font FreeType draws with holds.
SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
SFNT_TABLES = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")
SFNT_HEAD_MAGIC = 0x5F0F3CF5
DETAIL_CHARS = 120               # of a decoder's own message quoted (an archive names its members as it likes)


class Refused(Exception):
    """A file, or a part of one, that is not read: missing, no regular file, too large, unreadable, or holding what
    cannot be proven safe. The message names the file and what is wrong; `kind` is one of engine.SaveError.KINDS."""

    def __init__(self, message: str, kind: str = "damaged"):
        super().__init__(message)
        self.kind = kind


def read(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (engine.read_bytes_capped: a folder, a device or
    a FIFO is refused before anything is read, a huge file costs nothing); `what` names it ("save", "settings")."""
    try:
        return read_bytes_capped(path, limit)
    except FileNotFoundError:
        raise Refused(f"no {what} at {path}", "missing") from None
    except TooLarge:
        raise Refused(f"the {what} {path} is larger than {limit:,} bytes", "too_large") from None
    except NotAFile:
        raise Refused(f"{path} is not a {what} file (a folder, a device or a pipe)", "not_a_file") from None
    except (OSError, ValueError) as exc:                # ValueError: a NUL in the path
        raise Refused(f"cannot read the {what} {path}: {getattr(exc, 'strerror', None) or exc}",
                      "unreadable") from None


def parse_json(raw: bytes, what: str) -> Any:
    """The JSON that UTF-8 bytes hold; `what` names them in the messages."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise Refused(f"{what} is nested too deeply to be read") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Refused(f"{what} cannot be read ({type(exc).__name__}): it is not valid JSON (damaged or "
                      "truncated?)") from None
    except (ValueError, MemoryError) as exc:            # ValueError: an integer beyond Python's 4,300 digits
        raise Refused(f"{what} cannot be read ({type(exc).__name__}): {_short(exc)}") from None


def read_json(path: Path, limit: int, what: str) -> Any:
    """The JSON a file of at most `limit` bytes holds (`read`, then `parse_json`)."""
    return parse_json(read(path, limit, what), str(path))


def zip_members(raw: bytes, caps: Mapping[str, int], what: str, optional: Collection[str] = ()) -> dict[str, bytes]:
    """The members of a zip archive that `caps` names (those it holds), each inflated up to its cap: a member that
    claims to be small and inflates beyond stops at the cap (a zip bomb). Refused where the archive is damaged, in
    any of the ways zipfile and zlib report it, or a member is encrypted or compressed by a method the game does
    not write; a member named in `optional` is left out instead (a save whose picture is damaged still opens)."""
    parts = {}
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            for info in archive.infolist():
                if info.filename in caps:
                    try:
                        parts[info.filename] = _member(archive, info, caps[info.filename], what)
                    except (Refused, *ZIP_ERRORS):
                        if info.filename not in optional:
                            raise
    except ZIP_ERRORS as exc:
        raise Refused(f"{what} is damaged ({type(exc).__name__}: {_short(exc)})") from None
    return parts


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int, what: str) -> bytes:
    if info.compress_type not in ZIP_METHODS or info.flag_bits & ~ZIP_FLAGS:
        raise Refused(f"{what}: {info.filename} is encrypted, or compressed in a way this program does not read "
                      f"(method {info.compress_type}, flags {info.flag_bits:#06x})")
    if info.file_size > cap:
        raise Refused(f"{what}: {info.filename} is larger than {cap:,} bytes", "too_large")
    with archive.open(info) as member:
        data = member.read(cap + 1)
    if len(data) > cap:
        raise Refused(f"{what}: {info.filename} is larger than {cap:,} bytes", "too_large")
    return data


def png_size(raw: bytes, what: str) -> tuple[int, int]:
    """The width and height of a whole PNG within the caps. Checked before any decoder sees the bytes: SDL_image
    picks its decoder by the first bytes, whatever the name says (an XPM header claiming 200000 x 200000 pixels
    aborted the interpreter), and decodes whatever size the header claims (a 653 kB PNG of 16000 x 14000 pixels cost
    2.2 GiB and 22 s). So: the signature, every chunk whole with its CRC right, IHDR first with a size within the
    caps and fields the standard allows, no critical chunk the standard lacks, IEND last."""
    if not raw.startswith(PNG_SIGNATURE):
        raise Refused(f"{what} is not a PNG picture")
    chunks = list(_png_chunks(raw, what))
    kinds = [kind for kind, _ in chunks]
    if kinds[0] != b"IHDR" or len(chunks[0][1]) != 13 or kinds.count(b"IHDR") != 1:
        raise Refused(f"{what}: a PNG begins with its header (IHDR), once")
    if kinds[-1] != b"IEND" or kinds.count(b"IEND") != 1 or b"IDAT" not in kinds:
        raise Refused(f"{what}: the PNG is truncated (no image data, or no IEND at its end)")
    odd = [kind for kind in kinds if not kind[0] & 0x20 and kind not in PNG_CRITICAL]
    if odd:
        raise Refused(f"{what}: the PNG holds a critical chunk of no standard ({odd[0]!r})")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth not in PNG_DEPTHS.get(colour, ()) or compression or filtering or interlace > 1:
        raise Refused(f"{what}: the PNG's header is not one of the standard (colour type {colour}, depth {depth})")
    if not (0 < width <= PICTURE_SIDE and 0 < height <= PICTURE_SIDE and width * height <= PICTURE_PIXELS):
        raise Refused(f"{what} is {width} x {height} pixels: a picture is at most {PICTURE_SIDE} pixels a side and "
                      f"{PICTURE_PIXELS:,} pixels in all", "too_large")
    return width, height


def _png_chunks(raw: bytes, what: str) -> Iterator[tuple[bytes, bytes]]:
    """Each chunk's type and data, from the signature to the end of the bytes; Refused at the first chunk cut short
    or whose CRC is wrong."""
    at = len(PNG_SIGNATURE)
    while at < len(raw):
        if at + 12 > len(raw):
            raise Refused(f"{what}: the PNG is truncated")
        length, kind = struct.unpack_from(">I4s", raw, at)
        end = at + 12 + length
        if end > len(raw):
            raise Refused(f"{what}: the PNG is truncated (in its {kind!r} chunk)")
        if zlib.crc32(raw[at + 4:end - 4]) != int.from_bytes(raw[end - 4:end], "big"):
            raise Refused(f"{what}: the PNG's {kind!r} chunk is damaged (its CRC is wrong)")
        yield kind, raw[at + 8:end - 4]
        at = end
    if at == len(PNG_SIGNATURE):
        raise Refused(f"{what}: the PNG holds nothing after its signature")


def check_font(raw: bytes, what: str) -> None:
    """Refused unless the bytes are a whole TrueType or OpenType font: its version, a table directory within the
    file holding the tables every font has, each table's checksum right, and the header's magic number. SDL_ttf
    handed a file FreeType refuses leaves a font that crashes the interpreter when it is measured (pygame-ce 2.5.8),
    and a damaged table is read by FreeType as it is."""
    if len(raw) < 12 or raw[:4] not in SFNT_VERSIONS:
        raise Refused(f"{what} is not a TrueType or OpenType font")
    count = struct.unpack_from(">H", raw, 4)[0]
    if 12 + 16 * count > len(raw):
        raise Refused(f"{what} is truncated (in its table directory)")
    tables: dict[bytes, bytes] = {}
    for i in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", raw, 12 + 16 * i)
        if offset + length > len(raw):
            raise Refused(f"{what} is truncated (in its {tag!r} table)")
        table = raw[offset:offset + length]
        counted = table[:8] + bytes(4) + table[12:] if tag == b"head" else table   # less its checksum adjustment
        if _sfnt_checksum(counted) != checksum:
            raise Refused(f"{what}: its {tag!r} table is damaged (its checksum is wrong)")
        tables[tag] = table
    missing = [tag for tag in SFNT_TABLES if tag not in tables]
    if missing:
        raise Refused(f"{what} lacks the {missing[0]!r} table every font has")
    head = tables[b"head"]
    if len(head) < 54 or struct.unpack_from(">I", head, 12)[0] != SFNT_HEAD_MAGIC:
        raise Refused(f"{what}: its 'head' table is not a font's header")


def _sfnt_checksum(table: bytes) -> int:
    """A table's checksum as a font's directory gives it: the sum of its big-endian 32-bit words, modulo 2^32."""
    words = array("I", table + bytes(-len(table) % 4))
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def _short(exc: BaseException) -> str:
    """A decoder's message as quoted: one line of at most DETAIL_CHARS characters."""
    text = " ".join(str(exc).split())
    return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS - 3] + "..."

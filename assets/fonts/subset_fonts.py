"""Make the Korean font family the game draws every text with when the language is Korean (docs/CLIENT.md, Fonts).

Source: Noto Sans CJK KR, version 2.004 (Adobe and Google, SIL Open Font License 1.1: NotoSansCJK-LICENSE.txt),
weights Regular, Medium and Bold: Debian's and Ubuntu's packages fonts-noto-cjk (Regular, Bold) and
fonts-noto-cjk-extra (Medium) install them as NotoSansCJK-<weight>.ttc; the noto-cjk project on GitHub
(googlefonts/noto-cjk) publishes them as Sans/OTF/Korean/NotoSansCJKkr-<weight>.otf. Either form is read.

The whole font is 16-20 MB a weight (every Chinese character too); the game needs Latin and Hangul, so only the
ranges in KEEP are kept: about 2 MB a weight. Outlines stay CFF (PostScript), as the source draws them: the
files are OpenType (.otf), which SDL_ttf loads through FreeType as it loads TrueType; converting them to TrueType
would approximate every curve and lose the source's hints.

Run with fontTools installed (a tool of the engineer's, not a dependency of the game), from anywhere:
    python assets/fonts/subset_fonts.py FOLDER_WITH_THE_SOURCE_FONTS
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTCollection, TTFont

FAMILY = "Noto Sans CJK KR"
VERSION = "2.004"
# The weights made: the game's regular, semibold (Medium stands for Source Sans Pro's Semibold) and bold.
WEIGHTS = ("Regular", "Medium", "Bold")
KEEP: dict[str, tuple[int, int]] = {
    "Basic Latin": (0x0020, 0x007E),
    "Latin-1 Supplement (the half, the times sign, the middle dot, guillemets, accented letters)": (0x00A0, 0x00FF),
    "Latin Extended-A (the French oe)": (0x0100, 0x017F),
    "General Punctuation (quotes, dashes, the bullet, the ellipsis, narrow spaces)": (0x2000, 0x206F),
    "Currency symbols": (0x20A0, 0x20CF),
    "Letterlike symbols and number forms": (0x2100, 0x218F),
    "Arrows": (0x2190, 0x21FF),
    "Mathematical operators (the minus sign, less or equal)": (0x2200, 0x22FF),
    "Enclosed alphanumerics (circled numbers)": (0x2460, 0x24FF),
    "Geometric shapes": (0x25A0, 0x25FF),
    "Hangul Jamo": (0x1100, 0x11FF),
    "CJK symbols and punctuation (corner brackets, the ideographic full stop and comma)": (0x3000, 0x303F),
    "Hangul compatibility Jamo": (0x3130, 0x318F),
    "Hangul syllables (all 11,172)": (0xAC00, 0xD7A3),
    "Halfwidth and fullwidth forms (fullwidth punctuation)": (0xFF01, 0xFFEF),
    "Replacement character": (0xFFFD, 0xFFFD),
}
# The letters a line of the game's text must hold: its line's height is theirs (below).
LINE = [(0x0020, 0x017F), (0xAC00, 0xD7A3)]
HERE = Path(__file__).resolve().parent


def source(folder: Path, weight: str) -> TTFont:
    """The Korean face of a weight: the OTF if there is one, else the Korean face of the collection."""
    otf = folder / f"NotoSansCJKkr-{weight}.otf"
    if otf.exists():
        return TTFont(otf, recalcTimestamp=False)          # the same bytes at each run
    for face in TTCollection(folder / f"NotoSansCJK-{weight}.ttc", recalcTimestamp=False).fonts:
        if face["name"].getDebugName(1) in (FAMILY, f"{FAMILY} {weight}"):
            return face
    raise SystemExit(f"no {FAMILY} face in {folder / f'NotoSansCJK-{weight}.ttc'}")


def make(font: TTFont, out: Path) -> None:
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]         # the copyright, trademark and licence too
    options.drop_tables += ["vhea", "vmtx", "VORG"]            # vertical writing: the game writes across
    options.notdef_outline = True                             # a character missing after all shows a box
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[c for low, high in KEEP.values() for c in range(low, high + 1)])
    subsetter.subset(font)
    fit_lines(font)
    font.save(out)


def fit_lines(font: TTFont) -> None:
    """A line as tall as its Latin and Hangul letters reach (1.26-1.29 em), not the CJK font's 1.45 em, made for
    ideographs and vertical marks: the game's widgets are laid out for Source Sans Pro's 1.26 em lines, and a
    Korean label in a box made for them would spill out by a pixel or more."""
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    tops, bottoms = [], []
    for low, high in LINE:
        for code in range(low, high + 1):
            if code in cmap:
                pen = BoundsPen(glyphs)
                glyphs[cmap[code]].draw(pen)
                if pen.bounds:
                    bottoms.append(pen.bounds[1])
                    tops.append(pen.bounds[3])
    ascent, descent = math.ceil(max(tops)), math.ceil(-min(bottoms))
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, -descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, descent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="where NotoSansCJKkr-<weight>.otf or NotoSansCJK-<weight>.ttc are")
    args = parser.parse_args()
    for weight in WEIGHTS:
        font = source(args.folder, weight)
        version = font["head"].fontRevision
        if f"{version:.3f}" != VERSION:
            print(f"note: {weight} is version {version:.3f}, not {VERSION}: the coverage test tells", file=sys.stderr)
        out = HERE / f"NotoSansCJKkr-{weight}-subset.otf"
        make(font, out)
        print(f"{out.name}: {out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()

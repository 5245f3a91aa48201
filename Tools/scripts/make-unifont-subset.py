#!/usr/bin/python3
"""Extracts Sources/EmojiSimIO/Resources/Fonts/unifont-subset.hex from Debian's Unifont.

    apt-get install -y unifont fonts-unifont python3-fonttools
    /usr/bin/python3 Tools/scripts/make-unifont-subset.py [--check]

Plane 0 comes from unifont.hex (package `unifont`), its lines copied unchanged. Plane 1
(the emoji blocks) is not in that file: Debian ships it only as the outline font
unifont_upper.otf (package `fonts-unifont`), whose glyphs are squares on the 16x16
pixel grid, so sampling each pixel's centre gives the bitmap back exactly. The script
proves that on plane 0 first: every glyph of unifont.otf converted this way must equal
its line in unifont.hex, or it stops.

The ranges are what the CharGrid can print (its outlines, page dots, caret, selection,
`Icon.gridText`: ⌫ ◷ ☺ ⌨ ➤ ▯) and the Unicode emoji blocks (the Unicode catalog's
emoji print as themselves), plus the CJK text the demo catalog and chats use.
--check compares the result with the committed file instead of writing it.

The product never runs this; it documents where the shipped subset came from.
"""
import gzip
import sys

from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

PLANE0 = [
    (0x20, 0x7E),      # ASCII
    (0xA0, 0xFF),      # Latin-1
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x214F),  # Letterlike Symbols (™ ℹ)
    (0x2190, 0x21FF),  # Arrows (↔ ↩)
    (0x2300, 0x23FF),  # Miscellaneous Technical (⌫ ⌨ ⌚ ⏩)
    (0x2460, 0x24FF),  # Enclosed Alphanumerics (Ⓜ)
    (0x2500, 0x259F),  # Box Drawing, Block Elements (outlines, caret, selection)
    (0x25A0, 0x25FF),  # Geometric Shapes (● ○ ◷ ▯ ▶)
    (0x2600, 0x26FF),  # Miscellaneous Symbols (☺ ☀ ⚡)
    (0x2700, 0x27BF),  # Dingbats (➤ ✅ ❤)
    (0x2900, 0x297F),  # Supplemental Arrows-B (⤴ ⤵)
    (0x2B00, 0x2BFF),  # Miscellaneous Symbols and Arrows (⬅ ⭐ ⭕)
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3200, 0x32FF),  # Enclosed CJK Letters and Months (㊗ ㊙)
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]
PLANE1 = [
    (0x1F000, 0x1F02F),  # Mahjong Tiles
    (0x1F0A0, 0x1F0FF),  # Playing Cards
    (0x1F100, 0x1F1FF),  # Enclosed Alphanumeric Supplement (regional indicators)
    (0x1F200, 0x1F2FF),  # Enclosed Ideographic Supplement
    (0x1F300, 0x1F5FF),  # Miscellaneous Symbols and Pictographs
    (0x1F600, 0x1F64F),  # Emoticons (😄)
    (0x1F680, 0x1F6FF),  # Transport and Map Symbols
    (0x1F780, 0x1F7FF),  # Geometric Shapes Extended
    (0x1F900, 0x1F9FF),  # Supplemental Symbols and Pictographs
    (0x1FA70, 0x1FAFF),  # Symbols and Pictographs Extended-A
]
HEX = "/usr/share/unifont/unifont.hex"
OTF = "/usr/share/fonts/opentype/unifont/unifont.otf"
UPPER = "/usr/share/fonts/opentype/unifont/unifont_upper.otf"
OUT = "Sources/EmojiSimIO/Resources/Fonts/unifont-subset.hex"


def in_ranges(cp, ranges):
    return any(a <= cp <= b for a, b in ranges)


def bitmaps(path):
    """Every glyph of an outline Unifont as .hex digits: a pixel is set when its centre
    is inside the outline (non-zero winding; Unifont's outlines are straight lines)."""
    font = TTFont(path)
    upm, ascent = font["head"].unitsPerEm, font["hhea"].ascent
    px = upm // 16
    glyphs = font.getGlyphSet()
    out = {}
    for cp, name in font.getBestCmap().items():
        g = glyphs[name]
        pen = RecordingPen()
        g.draw(pen)
        edges, start, cur = [], None, None
        for op, pts in pen.value:
            if op == "moveTo":
                start = cur = pts[0]
            elif op == "lineTo":
                edges.append((cur, pts[0]))
                cur = pts[0]
            elif op in ("closePath", "endPath"):
                if cur != start:
                    edges.append((cur, start))
                cur = start
            else:
                sys.exit(f"U+{cp:04X} in {path}: a curve ({op}); not a pixel outline")
        width = g.width // px
        if width not in (8, 16):
            continue
        rows = []
        for r in range(16):
            y = ascent - r * px - px / 2
            bits = 0
            for c in range(width):
                x = c * px + px / 2
                winding = 0
                for (x0, y0), (x1, y1) in edges:
                    if (y0 <= y < y1 or y1 <= y < y0) and x0 + (y - y0) * (x1 - x0) / (y1 - y0) > x:
                        winding += 1 if y1 > y0 else -1
                bits = bits << 1 | (winding != 0)
            rows.append(bits)
        out[cp] = "".join(f"{b:0{width // 4}X}" for b in rows)
    return out


def main():
    opener = gzip.open if HEX.endswith(".gz") else open
    plane0 = {}
    with opener(HEX, "rt") as f:
        for line in f:
            cp, digits = line.strip().split(":")
            plane0[int(cp, 16)] = digits
    # The conversion must reproduce plane 0 exactly before it is trusted for plane 1.
    converted = bitmaps(OTF)
    common = [cp for cp in plane0 if cp in converted]
    wrong = [cp for cp in common if plane0[cp] != converted[cp]]
    if wrong or len(common) < 50000:
        sys.exit(f"outline conversion disagrees with unifont.hex on {len(wrong)} of {len(common)} glyphs, e.g. "
                 + ", ".join(f"U+{cp:04X}" for cp in wrong[:5]))
    upper = bitmaps(UPPER)
    lines = [f"{cp:04X}:{plane0[cp]}\n" for cp in sorted(plane0) if in_ranges(cp, PLANE0)]
    lines += [f"{cp:05X}:{upper[cp]}\n" for cp in sorted(upper) if in_ranges(cp, PLANE1)]
    text = "".join(lines)
    if "--check" in sys.argv:
        with open(OUT) as f:
            same = f.read() == text
        print(f"{OUT}: {'up to date' if same else 'differs from what this script makes'}")
        sys.exit(0 if same else 1)
    with open(OUT, "w") as f:
        f.write(text)
    print(f"{len(lines)} glyphs ({len(common)} plane-0 glyphs verified against unifont.hex)")


if __name__ == "__main__":
    main()

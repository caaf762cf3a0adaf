#!/usr/bin/env python3
"""Cut the fonts the memory chart embeds (src/render/chart.rs) down to the characters it draws.

The PNG chart is rendered without system fonts, so the fonts travel inside the binary;
whole Noto fonts would add ~20 MB (CJK), the subsets a few hundred KB. Rerun this script
after changing any locales/*/chart.ftl message or adding catalog names with new characters;
tests/it/chart.rs fails when a character the chart can draw is missing from the fonts.

Sources (Debian packages, SIL Open Font License 1.1, see assets/fonts/OFL.txt):
  fonts-noto-core  /usr/share/fonts/truetype/noto/NotoSans-{Regular,Bold}.ttf
  fonts-noto-cjk   /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc (face "Noto Sans CJK SC")

    apt-get update && apt-get install -y fonts-noto-core fonts-noto-cjk
    pip install fonttools
    python3 data/gen/subset_fonts.py

Output: assets/fonts/NotoSans-Regular.subset.ttf, NotoSans-Bold.subset.ttf,
NotoSansCJKsc-Regular.subset.otf. Timestamps are kept from the source fonts, so the same
sources and fontTools version give the same bytes.
"""

import json
import pathlib

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "assets" / "fonts"
NOTO = pathlib.Path("/usr/share/fonts/truetype/noto")
CJK_TTC = pathlib.Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FACE = "Noto Sans CJK SC"

# Always kept: printable ASCII, Latin-1 (accents, ·, ×, no-break space), and the
# punctuation and spaces numbers and labels use (…, –, —, quotes, thin spaces).
BASE = (
    set(range(0x20, 0x7F))
    | set(range(0xA0, 0x100))
    | {0x2009, 0x202F, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026}
)


def message_chars():
    """Every character of every chart.ftl message (comment lines skipped)."""
    chars = set()
    for ftl in sorted((ROOT / "locales").glob("*/chart.ftl")):
        for line in ftl.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                chars |= {ord(c) for c in line}
    return chars


def catalog_chars():
    """Model and GPU display names: the chart's title and row labels."""
    chars = set()
    for name in ("models.json", "gpus.json"):
        data = json.loads((ROOT / "data" / name).read_text(encoding="utf-8"))
        rows = data if isinstance(data, list) else next(iter(data.values()))
        for row in rows:
            chars |= {ord(c) for c in row.get("display_name", "")}
    return chars


def cut(font, codepoints, out):
    options = subset.Options()
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "vert"]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(codepoints))
    sub.subset(font)
    font.save(out)
    print(f"{out.relative_to(ROOT)}: {len(codepoints)} characters, {out.stat().st_size} bytes")


def main():
    wanted = BASE | message_chars() | catalog_chars()
    wanted = {c for c in wanted if c >= 0x20}
    OUT.mkdir(parents=True, exist_ok=True)
    latin = TTFont(NOTO / "NotoSans-Regular.ttf", recalcTimestamp=False)
    in_latin = wanted & set(latin.getBestCmap())
    for style in ("Regular", "Bold"):
        font = TTFont(NOTO / f"NotoSans-{style}.ttf", recalcTimestamp=False)
        cut(font, in_latin, OUT / f"NotoSans-{style}.subset.ttf")
    cjk = next(
        f for f in TTCollection(CJK_TTC, recalcTimestamp=False).fonts
        if f["name"].getDebugName(1) == CJK_FACE
    )
    rest = wanted - in_latin
    missing = rest - set(cjk.getBestCmap())
    if missing:
        raise SystemExit(f"no font has: {''.join(chr(c) for c in sorted(missing))!r}")
    cut(cjk, rest, OUT / "NotoSansCJKsc-Regular.subset.otf")


if __name__ == "__main__":
    main()

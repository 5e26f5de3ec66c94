"""Make the small fonts of assets/fonts from full fonts of Debian packages.

    apt-get install -y fonts-dejavu-core fonts-noto-cjk
    .venv/bin/python tools/subset_fonts.py

Re-run it after changing a catalog (assets/locale/*/LC_MESSAGES/crescent.po)
or crescent/i18n/text.py: a character that is in no shipped font renders as a box,
and tests/i18n/test_i18n.py fails until the fonts are made again. The output is
committed; the script is deterministic (same sources, same bytes), so a re-run
with nothing changed leaves git clean.

* Latin languages (en, fr, ca, nl): DejaVu Sans and DejaVu Sans Bold
  (fonts-dejavu-core; Bitstream Vera licence, DejaVu changes public domain).
  Chosen over Noto Sans because it has the suit symbols ♠♥♦♣ and the arrow →.
* Japanese: Noto Sans CJK JP Regular and Bold (fonts-noto-cjk; SIL OFL 1.1),
  from the .ttc collections, kept to kana, the kanji the Japanese catalog uses,
  and the shared set below.

Every font keeps ASCII, Latin-1, Latin Extended-A, general punctuation, arrows,
the suit symbols and every character of every catalog that the source font has
(so a language's name, e.g. "Français" or "日本語", can be drawn in the
font of that language). The licence texts are written beside the fonts.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.i18n import text  # noqa: E402 -- needs the path set above
from crescent.i18n import translator as i18n  # noqa: E402
from tools import compile_catalogs  # noqa: E402

FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale"

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
NOTO_CJK_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")

SHARED = [
    *range(0x20, 0x7F),  # ASCII
    *range(0xA0, 0x180),  # Latin-1, Latin Extended-A
    *range(0x2010, 0x2028),  # dashes, quotes, bullet, ellipsis
    *range(0x2030, 0x203B),  # per mille, primes, angle quotes
    0x20AC,  # €
    *range(0x2190, 0x2194),  # ← ↑ → ↓
    *range(0x2660, 0x2668),  # ♠♡♢♣♤♥♦♧
    *(0x2212, 0x00D7, 0x2713, 0x2715),  # − × ✓ ✕
]
KANA_AND_CJK_PUNCTUATION = [
    *range(0x3000, 0x3040),  # 、。「」 and friends
    *range(0x3040, 0x3100),  # hiragana, katakana
    *range(0xFF01, 0xFF5F),  # full-width ASCII forms (：！？（）)
]


@dataclass(frozen=True)
class Job:
    source: Path
    output: str
    languages: tuple[str, ...]
    """Catalogs whose characters this font must have."""
    extra: tuple[int, ...] = ()
    family: str | None = None
    """For a .ttc: the family name of the member font to take."""


JOBS = (
    Job(DEJAVU / "DejaVuSans.ttf", "DejaVuSans-Subset.ttf", ("en", "fr", "ca", "nl")),
    Job(DEJAVU / "DejaVuSans-Bold.ttf", "DejaVuSans-Bold-Subset.ttf", ("en", "fr", "ca", "nl")),
    Job(
        NOTO_CJK / "NotoSansCJK-Regular.ttc",
        "NotoSansCJKjp-Regular-Subset.otf",
        ("en", "ja"),
        tuple(KANA_AND_CJK_PUNCTUATION),
        "Noto Sans CJK JP",
    ),
    Job(
        NOTO_CJK / "NotoSansCJK-Bold.ttc",
        "NotoSansCJKjp-Bold-Subset.otf",
        ("en", "ja"),
        tuple(KANA_AND_CJK_PUNCTUATION),
        "Noto Sans CJK JP",
    ),
)


def catalog_characters(lang: str) -> set[int]:
    """Every character the player can see in ``lang``: translations, English, its own name,
    and its rule texts (assets/rules/)."""
    chars: set[str] = set(i18n.LANGUAGES[lang])
    for message in text.messages():
        chars.update(message if isinstance(message, str) else "".join(message))
    chars.update("".join(text.RANK_NAMES))
    if lang != i18n.DEFAULT_LANGUAGE:
        po = LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        for forms in compile_catalogs.catalog_translations(
            compile_catalogs.read_catalog(po)
        ).values():
            chars.update("".join(forms))
    for rules in sorted((ROOT / "assets" / "rules").glob(f"*-{lang}.txt")):
        chars.update(rules.read_text(encoding="utf-8"))  # the "How to play" texts
    return {ord(c) for c in chars if c.isprintable() or c == " "}


def all_catalog_characters() -> set[int]:
    return set().union(*(catalog_characters(lang) for lang in i18n.LANGUAGES))


def open_source(job: Job) -> TTFont:
    if job.source.suffix.lower() != ".ttc":
        return TTFont(job.source, recalcTimestamp=False)
    collection = TTCollection(job.source)
    for number, font in enumerate(collection.fonts):
        if font["name"].getDebugName(1) == job.family:
            return TTFont(job.source, fontNumber=number, recalcTimestamp=False)
    raise SystemExit(f"{job.source}: no font named {job.family!r}")


def make(job: Job) -> Path:
    if not job.source.exists():
        raise SystemExit(
            f"{job.source} is missing: apt-get install fonts-dejavu-core fonts-noto-cjk"
        )
    font = open_source(job)
    cmap = font.getBestCmap()
    needed = set().union(*(catalog_characters(lang) for lang in job.languages))
    missing = sorted(c for c in needed if c not in cmap)
    if missing:
        shown = ", ".join(f"U+{c:04X} {chr(c)!r}" for c in missing)
        raise SystemExit(f"{job.source.name} lacks characters the catalogs use: {shown}")
    # Anything any catalog uses goes in too when the font has it (the language menu).
    wanted = needed | {c for c in (*SHARED, *job.extra, *all_catalog_characters()) if c in cmap}

    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"]
    options.drop_tables += ["DSIG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(font)
    out = FONTS / job.output
    font.save(out)
    print(f"{out.relative_to(ROOT)}: {len(wanted)} characters, {out.stat().st_size:,} bytes")
    return out


def write_licences() -> None:
    dejavu = TTFont(DEJAVU / "DejaVuSans.ttf", lazy=True)
    licence = dejavu["name"].getDebugName(13)
    if not licence:
        raise SystemExit("DejaVuSans.ttf carries no licence text")
    (FONTS / "LICENSE-DejaVu.txt").write_text(licence.strip() + "\n", encoding="utf-8")

    # The OFL text as Debian ships it for fonts-noto-cjk (a Debian copyright file: lines
    # indented one space, "." for blank lines), after the upstream copyright line.
    copyright_file = NOTO_CJK_COPYRIGHT.read_text(encoding="utf-8")
    m = re.search(r"^License: SIL-1\.1\n((?: .*\n)+)", copyright_file, re.MULTILINE)
    if not m:
        raise SystemExit(f"{NOTO_CJK_COPYRIGHT}: no SIL-1.1 licence text found")
    body = [line[1:] if line != " ." else "" for line in m.group(1).splitlines()]
    noto = TTFont(NOTO_CJK / "NotoSansCJK-Regular.ttc", fontNumber=0, lazy=True)
    notice = noto["name"].getDebugName(0) or ""
    ofl = [
        f"Noto Sans CJK JP: {notice}",
        "Noto is a trademark of Google Inc.",
        "",
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "This license is copied below, and is also available with a FAQ at:",
        "https://openfontlicense.org",
        "",
        *body,
    ]
    (FONTS / "LICENSE-NotoSansCJK-OFL.txt").write_text("\n".join(ofl) + "\n", encoding="utf-8")


def main() -> int:
    FONTS.mkdir(parents=True, exist_ok=True)
    for job in JOBS:
        make(job)
    write_licences()
    total = sum(p.stat().st_size for p in FONTS.iterdir())
    print(f"assets/fonts: {total:,} bytes in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())

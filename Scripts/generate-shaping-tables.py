#!/usr/bin/env python3
"""Generate the point measurer's shaping property table from Unicode 15.0 data.

Usage (from any directory; the output goes into this script's repository):

    Scripts/generate-shaping-tables.py UNICODE_DATA_DIR

UNICODE_DATA_DIR must hold the Unicode 15.0 files ArabicShaping.txt, Scripts.txt,
UnicodeData.txt and LineBreak.txt. Debian 12's package `unicode-data` (15.0.0-1) installs them
in /usr/share/unicode; they are the Unicode Character Database files themselves, under the
license in Tests/TextLayoutTests/Vectors/COPYRIGHT-unicode-data.txt. The script checks the
version line at the top of each file that has one and stops on any other version.

Writes Sources/TextLayout/Generated/ShapingTables.swift. Every scalar gets a 10-bit word:

  bits 0-2  Joining_Type (ArabicShaping.txt): 0 U, 1 T, 2 R, 3 L, 4 D; C (join causing) is
            written as D, as HarfBuzz treats it. Scalars the file does not list are T when
            their General_Category is Mn, Me or Cf, U otherwise (the file's own rule).
  bits 3-5  script class (Scripts.txt): 0 Common, 1 Inherited, 2 Latin, 3 Arabic, 4 Han,
            Hangul, Hiragana or Katakana, 5 any other script (Unknown included)
  bits 6-8  word-break class, the UAX #29 classes as Pango 1.50's break.c derives them from
            General_Category, Line_Break and Script (ExtendNumLet folded into letter, CR/LF
            and newline into other): 0 other, 1 letter (ALetter, Hebrew_Letter,
            ExtendNumLet), 2 numeric, 3 MidLetter, 4 MidNum, 5 MidNumLet, 6 Extend/Format,
            7 Katakana
  bit 9     space or hyphen, as Pango's hyphen rule reads it: General_Category Zs, Zl, Zp,
            TAB, LF, CR, FF, and the hyphens U+002D, U+058A, U+1400, U+1806, U+2010,
            U+2E17, U+2E40, U+30A0, U+FE63, U+FF0D

The table has the two-stage shape of UnicodeTables.swift (see
Scripts/generate-unicode-tables.py): 7-bit StaticString literals for the stage-1 block
numbers, the stage-2 set numbers and the set words (two 7-bit bytes each, low first).
"""

import os
import sys

SCALAR_COUNT = 0x110000
SHIFT = 7
BLOCK = 1 << SHIFT

JOINING = {"U": 0, "T": 1, "R": 2, "L": 3, "D": 4, "C": 4}
CJK_SCRIPTS = {"Han", "Hangul", "Hiragana", "Katakana"}
HYPHENS = {0x2D, 0x58A, 0x1400, 0x1806, 0x2010, 0x2E17, 0x2E40, 0x30A0, 0xFE63, 0xFF0D}
# Ideographic letters Pango 1.50 keeps out of ALetter (its own list, not Unicode's).
PANGO_IDEOGRAPHIC = [
    (0x3006, 0x3007), (0x3021, 0x3029), (0x3038, 0x303A), (0x3400, 0x4DB5),
    (0x4E00, 0x9FC3), (0xF900, 0xFA2D), (0xFA30, 0xFA6A), (0xFA70, 0xFAD9),
    (0x20000, 0x2A6D6), (0x2F800, 0x2FA1D),
]
DATA_FILES = ("ArabicShaping.txt", "Scripts.txt", "UnicodeData.txt", "LineBreak.txt")


def parse_ranges(path):
    """Yield (first, last, fields) from a UCD 'range ; value ; ... # comment' file."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            if ".." in fields[0]:
                first, last = (int(part, 16) for part in fields[0].split(".."))
            else:
                first = last = int(fields[0], 16)
            yield first, last, fields[1:]


def general_categories(path):
    """General_Category per scalar ('Cn' where UnicodeData.txt lists nothing)."""
    categories = ["Cn"] * SCALAR_COUNT
    range_start = None
    with open(path, encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            scalar = int(fields[0], 16)
            name, category = fields[1], fields[2]
            if name.endswith(", First>"):
                range_start = scalar
                continue
            if name.endswith(", Last>") and range_start is not None:
                for each in range(range_start, scalar + 1):
                    categories[each] = category
                range_start = None
                continue
            categories[scalar] = category
    return categories


def per_scalar(path, default):
    values = [default] * SCALAR_COUNT
    for first, last, fields in parse_ranges(path):
        for scalar in range(first, last + 1):
            values[scalar] = fields[0]
    return values


def check_version(path):
    with open(path, encoding="utf-8") as file:
        first = file.readline()
    if "-15.0.0" not in first:
        sys.exit(f"generate-shaping-tables: {path} is not Unicode 15.0.0 ({first.strip()!r})")


def word_class(scalar, category, line_break, script):
    """Pango 1.50's word-break type of a scalar (break.c, UAX #29 section)."""
    if script == "Katakana":
        return 7
    if script == "Hebrew" and category == "Lo":
        return 1
    if scalar in (0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x309B, 0x309C, 0x30A0, 0x30FC, 0xFF70):
        return 7
    if 0xFF9E <= scalar <= 0xFF9F:
        return 6
    if scalar == 0x58A:
        return 1
    if line_break == "NU" and scalar != 0x66C:
        return 2
    if line_break == "IS" and scalar not in (0x3A, 0xFE13, 0x2E):
        return 4
    if category in ("Cf", "Mc", "Me", "Mn"):
        return 6
    if category == "Pc":
        return 1
    if category in ("Pi", "Pf"):
        return 5 if scalar in (0x2018, 0x2019) else 0
    if category == "Po":
        if 0x55A <= scalar <= 0x55C or scalar in (0x55E, 0x5F3):
            return 1
        if scalar in (0x27, 0x2E, 0x2024, 0xFE52, 0xFF07, 0xFF0E):
            return 5
        if scalar in (0xB7, 0x5F4, 0x2027, 0x3A, 0x387, 0x55F, 0xFE13, 0xFE55, 0xFF1A):
            return 3
        if scalar in (0x66C, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B):
            return 4
        return 0
    alphabetic = False
    if category == "So":
        alphabetic = 0x24B6 <= scalar <= 0x24E9
    elif category in ("Lo", "Nl"):
        alphabetic = not any(first <= scalar <= last for first, last in PANGO_IDEOGRAPHIC)
    elif category in ("Lu", "Ll", "Lm", "Lt"):
        alphabetic = True
    if alphabetic and line_break != "SA" and script != "Hiragana":
        return 1
    return 0


def script_class(script):
    if script == "Common":
        return 0
    if script == "Inherited":
        return 1
    if script == "Latin":
        return 2
    if script == "Arabic":
        return 3
    if script in CJK_SCRIPTS:
        return 4
    return 5


def words(data_dir):
    for name in DATA_FILES:
        if name != "UnicodeData.txt":  # the one file without a version line
            check_version(os.path.join(data_dir, name))
    categories = general_categories(os.path.join(data_dir, "UnicodeData.txt"))
    scripts = per_scalar(os.path.join(data_dir, "Scripts.txt"), "Unknown")
    line_breaks = per_scalar(os.path.join(data_dir, "LineBreak.txt"), "XX")
    joining = [None] * SCALAR_COUNT
    for first, last, fields in parse_ranges(os.path.join(data_dir, "ArabicShaping.txt")):
        for scalar in range(first, last + 1):
            joining[scalar] = JOINING[fields[1]]
    result = []
    for scalar in range(SCALAR_COUNT):
        category = categories[scalar]
        join = joining[scalar]
        if join is None:
            join = JOINING["T"] if category in ("Mn", "Me", "Cf") else JOINING["U"]
        space_or_hyphen = (category in ("Zs", "Zl", "Zp") or scalar in (0x9, 0xA, 0xD, 0xC)
                           or scalar in HYPHENS)
        word = (join | script_class(scripts[scalar]) << 3
                | word_class(scalar, category, line_breaks[scalar], scripts[scalar]) << 6
                | (1 << 9 if space_or_hyphen else 0))
        result.append(word)
    return result


def two_stage(values):
    sets = sorted(set(values))
    set_number = {word: number for number, word in enumerate(sets)}
    blocks, block_number, stage1 = [], {}, []
    for start in range(0, SCALAR_COUNT, BLOCK):
        block = tuple(set_number[word] for word in values[start:start + BLOCK])
        if block not in block_number:
            block_number[block] = len(blocks)
            blocks.append(block)
        stage1.append(block_number[block])
    return sets, stage1, [number for block in blocks for number in block]


def swift_string_literal(values, indent):
    """A multi-line Swift string literal holding `values` (each < 128) as its UTF-8 bytes."""
    escapes = {0: "\\0", 9: "\\t", 10: "\\n", 13: "\\r", 34: '\\"', 92: "\\\\"}
    lines, current, length = [], [], 0
    for value in values:
        assert 0 <= value < 128
        if value in escapes:
            piece = escapes[value]
        elif value < 32 or value == 127:
            piece = f"\\u{{{value:X}}}"
        else:
            piece = chr(value)
        current.append(piece)
        length += len(piece)
        if length >= 96:
            lines.append("".join(current))
            current, length = [], 0
    if current:
        lines.append("".join(current))
    body = "\\\n".join(indent + line for line in lines)
    return indent + '"""\n' + body + "\n" + indent + '"""'


def seven_bit_pairs(values):
    result = []
    for value in values:
        assert 0 <= value < 1 << 14
        result += [value & 0x7F, value >> 7]
    return result


def generate(data_dir, repo_root):
    values = words(data_dir)
    sets, stage1, stage2 = two_stage(values)
    if len(sets) > 128:
        sys.exit(f"generate-shaping-tables: {len(sets)} property sets do not fit in 7 bits")
    wide = max(stage1) >= 128
    indent = "    "
    lines = [
        "// Generated by Scripts/generate-shaping-tables.py from the Unicode 15.0 Character",
        "// Database (ArabicShaping.txt, Scripts.txt, UnicodeData.txt, LineBreak.txt). Do not",
        "// edit; run the script instead. Unicode data: Copyright (c) Unicode, Inc., see",
        "// Tests/TextLayoutTests/Vectors/COPYRIGHT-unicode-data.txt.",
        "",
        "/// The shaping properties of every scalar: joining type, script class, word-break class",
        "/// and whether it is a space or hyphen (see ``ShapingProperties``).",
        "///",
        "/// Two stages as in ``UnicodeTables``: `stage1[scalar >> blockShift]` is a block number,",
        "/// `stage2[block << blockShift | scalar & blockMask]` a set number and `sets` the 10-bit",
        "/// word of that set (two 7-bit bytes, low first).",
        "enum ShapingTables {",
        f"  static let blockShift: UInt32 = {SHIFT}",
        f"  static let blockMask: UInt32 = {BLOCK - 1}",
        "  /// Whether a stage-1 entry takes two 7-bit bytes (low first) instead of one.",
        f"  static let stage1EntriesAreWide = {'true' if wide else 'false'}",
        "",
        f"  /// {len(stage1)} block numbers.",
        "  static var stage1: StaticString {",
        swift_string_literal(seven_bit_pairs(stage1) if wide else stage1, indent),
        "  }",
        "",
        f"  /// {len(stage2) // BLOCK} blocks of {BLOCK} set numbers.",
        "  static var stage2: StaticString {",
        swift_string_literal(stage2, indent),
        "  }",
        "",
        f"  /// {len(sets)} property words.",
        "  static var sets: StaticString {",
        swift_string_literal(seven_bit_pairs(sets), indent),
        "  }",
        "}",
        "",
    ]
    output = os.path.join(repo_root, "Sources", "TextLayout", "Generated", "ShapingTables.swift")
    with open(output, "w", encoding="utf-8", newline="\n") as file:
        file.write("\n".join(lines))
    print(f"sets: {len(sets)}, blocks: {len(stage2) // BLOCK}, stage 1 wide: {wide}")


def main():
    if sys.argv[1:] in (["-h"], ["--help"]) or len(sys.argv) != 2:
        print(__doc__)
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    data_dir = sys.argv[1]
    missing = [name for name in DATA_FILES if not os.path.isfile(os.path.join(data_dir, name))]
    if missing:
        sys.exit(f"generate-shaping-tables: {data_dir!r} lacks " + ", ".join(missing))
    generate(data_dir, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


if __name__ == "__main__":
    main()

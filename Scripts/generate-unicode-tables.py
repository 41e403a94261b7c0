#!/usr/bin/env python3
"""Generate the TextLayout module's Unicode property tables from Unicode 15.0 data.

Usage (from any directory; the outputs go into this script's repository):

    Scripts/generate-unicode-tables.py UNICODE_DATA_DIR
    UNICODE_DATA_DIR=DIR Scripts/generate-unicode-tables.py

The Unicode data directory is required, as the argument or else in the environment variable
UNICODE_DATA_DIR; there is no default. It must hold the Unicode 15.0 files LineBreak.txt,
EastAsianWidth.txt, UnicodeData.txt, DerivedCoreProperties.txt, emoji-data.txt,
LineBreakTest.txt and GraphemeBreakTest.txt, and COPYRIGHT-unicode-data.txt (the Unicode
license, copied beside the test vectors). The script stops with a message naming what is
missing. The rules the tables serve are in Documentation/TextMetrics.md.

Writes:
  Sources/TextLayout/Generated/UnicodeTables.swift   the packed property tables
  Tests/TextLayoutTests/Vectors/LineBreakTest.txt    conformance vectors (copied)
  Tests/TextLayoutTests/Vectors/GraphemeBreakTest.txt
  Tests/TextLayoutTests/Vectors/COPYRIGHT-unicode-data.txt

Every scalar gets one 13-bit property word:
  bits 0-5   line-break class after LB1 (AI, SG, XX -> AL; SA -> CM if Mn/Mc else AL;
             CJ -> NS), with three internal refinements UAX #14 needs: OP and CP whose
             East_Asian_Width is F, W or H (LB30), and unassigned Extended_Pictographic
             ID (LB30b)
  bits 6-9   Grapheme_Cluster_Break, with Extended_Pictographic folded in as its own value
  bits 10-11 column width of the scalar alone (width rule 2 of Documentation/TextMetrics.md:
             0, 1 or 2)
  bit 12     Emoji_Presentation
A 128-byte table repeats the line-break classes of ASCII for the scanner's ASCII loop.

GraphemeBreakProperty.txt is not part of the data set, so Grapheme_Cluster_Break is derived
with the definitions of UAX #29 (Unicode 15.0) table 2:
  CR, LF             U+000D, U+000A
  Control            gc Zl, Zp, Cc, or Cf, or (Cn and Default_Ignorable_Code_Point), except
                     CR, LF, U+200C, U+200D and Prepended_Concatenation_Mark scalars
  Extend             Grapheme_Extend (DerivedCoreProperties.txt) or Emoji_Modifier
                     (emoji-data.txt)
  ZWJ                U+200D
  Regional_Indicator U+1F1E6..U+1F1FF
  Prepend            Indic_Syllabic_Category Consonant_Preceding_Repha or Consonant_Prefixed,
                     or Prepended_Concatenation_Mark. Neither IndicSyllabicCategory.txt nor
                     PropList.txt is in the data set, so the 27 scalars of Unicode 15.0 are
                     listed below (PREPEND_15_0), checked against the GraphemeBreakTest.txt
                     comments when the script runs
  SpacingMark        gc Mc that is not Extend, plus U+0E33 and U+0EB3, minus the Mc
                     exceptions UAX #29 lists (SPACING_MARK_EXCEPTIONS)
  L, V, T, LV, LVT   Hangul_Syllable_Type from the jamo block ranges (HangulSyllableType.txt
                     is not in the data set; the ranges are those of Unicode 15.0) and the
                     syllable arithmetic for U+AC00..U+D7A3
  Extended_Pictographic from emoji-data.txt
The script then checks every property value named in GraphemeBreakTest.txt's comments
against the derivation and stops if one disagrees.

The tables are two-stage: stage 1 maps (scalar >> SHIFT) to a block number, stage 2 maps
block * BLOCK + (scalar & MASK) to a property-set number, and the property-set table gives
the 13-bit word. All three are emitted as StaticString literals whose bytes are 7-bit
(multi-byte entries use 7 bits per byte), so the Swift compiler sees three string literals
instead of tens of thousands of array elements and the generated file compiles in about a
second; Swift reads them through `utf8Start` with no decoding at start-up.
"""

import os
import re
import shutil
import sys

# --- Line-break classes (order = raw values of the Swift enum `LineBreakClass`) -------------

LINE_BREAK_CLASSES = [
    "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL",
    "CL", "CP", "EX", "IS", "SY", "OP", "QU", "NS", "B2", "BA",
    "BB", "HY", "CB", "IN", "HL", "AL", "NU", "PR", "PO", "ID",
    "EB", "EM", "JL", "JV", "JT", "H2", "H3", "RI",
]
# Internal refinements, after the public classes.
LB_OP_EAST_ASIAN = len(LINE_BREAK_CLASSES)  # OP with East_Asian_Width F, W or H
LB_CP_EAST_ASIAN = LB_OP_EAST_ASIAN + 1  # CP with East_Asian_Width F, W or H
LB_ID_UNASSIGNED_PICTOGRAPHIC = LB_OP_EAST_ASIAN + 2  # ID, Extended_Pictographic and Cn
LB_CLASS_COUNT = LB_OP_EAST_ASIAN + 3

# --- Grapheme_Cluster_Break values (order = raw values of `GraphemeBreakProperty`) --------

GRAPHEME_BREAK_VALUES = [
    "Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator", "Prepend",
    "SpacingMark", "L", "V", "T", "LV", "LVT", "Extended_Pictographic",
]

# Prepend in Unicode 15.0: Prepended_Concatenation_Mark (PropList.txt) and
# Indic_Syllabic_Category = Consonant_Preceding_Repha | Consonant_Prefixed.
PREPEND_15_0 = [
    (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891),
    (0x08E2, 0x08E2), (0x0D4E, 0x0D4E), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x111C2, 0x111C3), (0x1193F, 0x1193F), (0x11941, 0x11941), (0x11A3A, 0x11A3A),
    (0x11A84, 0x11A89), (0x11D46, 0x11D46), (0x11F02, 0x11F02),
]
# gc = Mc scalars UAX #29 excludes from SpacingMark.
SPACING_MARK_EXCEPTIONS = [
    (0x102B, 0x102C), (0x1038, 0x1038), (0x1062, 0x1064), (0x1067, 0x106D),
    (0x1083, 0x1083), (0x1087, 0x108C), (0x108F, 0x108F), (0x109A, 0x109C),
    (0x1A61, 0x1A61), (0x1A63, 0x1A64), (0xAA7B, 0xAA7B), (0xAA7D, 0xAA7D),
    (0x11720, 0x11721),
]
# Hangul_Syllable_Type of the conjoining jamo, Unicode 15.0.
HANGUL_L = [(0x1100, 0x115F), (0xA960, 0xA97C)]
HANGUL_V = [(0x1160, 0x11A7), (0xD7B0, 0xD7C6)]
HANGUL_T = [(0x11A8, 0x11FF), (0xD7CB, 0xD7FB)]

SCALAR_COUNT = 0x110000
SHIFT = 9
BLOCK = 1 << SHIFT


def parse_ranges(path, wanted=None):
    """Yield (first, last, value) from a UCD 'range ; value # comment' file."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            if wanted is not None and fields[1] not in wanted:
                continue
            if ".." in fields[0]:
                first, last = (int(part, 16) for part in fields[0].split(".."))
            else:
                first = last = int(fields[0], 16)
            yield first, last, fields[1]


def property_set(path, name):
    result = bytearray(SCALAR_COUNT)
    for first, last, _ in parse_ranges(path, {name}):
        for scalar in range(first, last + 1):
            result[scalar] = 1
    return result


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


def in_ranges(scalar, ranges):
    return any(first <= scalar <= last for first, last in ranges)


def load(data_dir):
    path = lambda name: os.path.join(data_dir, name)  # noqa: E731
    categories = general_categories(path("UnicodeData.txt"))

    east_asian = ["N"] * SCALAR_COUNT
    # Defaults for unlisted code points, from EastAsianWidth.txt's header.
    for first, last in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
                        (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]:
        for scalar in range(first, last + 1):
            east_asian[scalar] = "W"
    for first, last, value in parse_ranges(path("EastAsianWidth.txt")):
        for scalar in range(first, last + 1):
            east_asian[scalar] = value

    line_break = ["XX"] * SCALAR_COUNT
    # Defaults for unlisted code points, from LineBreak.txt's header.
    for first, last, value in [(0x3400, 0x4DBF, "ID"), (0x4E00, 0x9FFF, "ID"),
                               (0xF900, 0xFAFF, "ID"), (0x20000, 0x2FFFD, "ID"),
                               (0x30000, 0x3FFFD, "ID"), (0x1F000, 0x1FAFF, "ID"),
                               (0x1FC00, 0x1FFFD, "ID"), (0x20A0, 0x20CF, "PR")]:
        for scalar in range(first, last + 1):
            line_break[scalar] = value
    for first, last, value in parse_ranges(path("LineBreak.txt")):
        for scalar in range(first, last + 1):
            line_break[scalar] = value

    derived = path("DerivedCoreProperties.txt")
    emoji = path("emoji-data.txt")
    return {
        "categories": categories,
        "east_asian": east_asian,
        "line_break": line_break,
        "grapheme_extend": property_set(derived, "Grapheme_Extend"),
        "default_ignorable": property_set(derived, "Default_Ignorable_Code_Point"),
        "pictographic": property_set(emoji, "Extended_Pictographic"),
        "emoji_presentation": property_set(emoji, "Emoji_Presentation"),
        "emoji_modifier": property_set(emoji, "Emoji_Modifier"),
    }


def resolved_line_break(scalar, data):
    """The line-break class after LB1, with the internal refinements."""
    value = data["line_break"][scalar]
    category = data["categories"][scalar]
    if value in ("AI", "SG", "XX"):
        value = "AL"
    elif value == "SA":
        value = "CM" if category in ("Mn", "Mc") else "AL"
    elif value == "CJ":
        value = "NS"
    east_asian_wide = data["east_asian"][scalar] in ("F", "W", "H")
    if value == "OP" and east_asian_wide:
        return LB_OP_EAST_ASIAN
    if value == "CP" and east_asian_wide:
        return LB_CP_EAST_ASIAN
    if value == "ID" and data["pictographic"][scalar] and category == "Cn":
        return LB_ID_UNASSIGNED_PICTOGRAPHIC
    return LINE_BREAK_CLASSES.index(value)


def grapheme_break(scalar, data):
    category = data["categories"][scalar]
    if scalar == 0x0D:
        return "CR"
    if scalar == 0x0A:
        return "LF"
    if scalar == 0x200D:
        return "ZWJ"
    if in_ranges(scalar, PREPEND_15_0):
        return "Prepend"
    if category in ("Zl", "Zp", "Cc") or (category == "Cf" and scalar != 0x200C):
        return "Control"
    if category == "Cn" and data["default_ignorable"][scalar]:
        return "Control"
    if data["grapheme_extend"][scalar] or data["emoji_modifier"][scalar]:
        return "Extend"
    if 0x1F1E6 <= scalar <= 0x1F1FF:
        return "Regional_Indicator"
    if scalar in (0x0E33, 0x0EB3):
        return "SpacingMark"
    if category == "Mc" and not in_ranges(scalar, SPACING_MARK_EXCEPTIONS):
        return "SpacingMark"
    if in_ranges(scalar, HANGUL_L):
        return "L"
    if in_ranges(scalar, HANGUL_V):
        return "V"
    if in_ranges(scalar, HANGUL_T):
        return "T"
    if 0xAC00 <= scalar <= 0xD7A3:
        return "LV" if (scalar - 0xAC00) % 28 == 0 else "LVT"
    if data["pictographic"][scalar]:
        return "Extended_Pictographic"
    return "Other"


def column_width(scalar, data):
    """Width rule 2 (Documentation/TextMetrics.md): the width a scalar adds to its cluster."""
    if scalar in (0x00AD, 0x0009):
        return 1
    category = data["categories"][scalar]
    if (scalar in (0x200D, 0xFE0E, 0xFE0F)
            or 0x1160 <= scalar <= 0x11FF or 0xD7B0 <= scalar <= 0xD7FF
            or category in ("Mn", "Me", "Cf", "Cc")
            or data["default_ignorable"][scalar]):
        return 0
    if data["east_asian"][scalar] in ("W", "F"):
        return 2
    return 1


def check_assumptions(data, words):
    """Facts the Swift code relies on; the script stops if a new data set breaks one."""
    problems = []
    for scalar in range(SCALAR_COUNT):
        word = words[scalar]
        grapheme = GRAPHEME_BREAK_VALUES[(word >> 6) & 0xF]
        if data["pictographic"][scalar] and grapheme != "Extended_Pictographic":
            problems.append(f"U+{scalar:04X} is Extended_Pictographic and {grapheme}")
        if grapheme == "Prepend" and data["emoji_presentation"][scalar]:
            problems.append(f"U+{scalar:04X} is Prepend with Emoji_Presentation")
        if data["pictographic"][scalar] and data["categories"][scalar] == "Cn":
            if word & 0x3F != LB_ID_UNASSIGNED_PICTOGRAPHIC:
                problems.append(f"U+{scalar:04X} is unassigned Extended_Pictographic, not ID")
    # The scanner's ASCII fast path assumes letters are AL and digits NU, width 1, Other.
    for scalar in range(0x30, 0x7B):
        character = chr(scalar)
        if character.isalnum():
            expected = "NU" if character.isdigit() else "AL"
            if words[scalar] & 0x3F != LINE_BREAK_CLASSES.index(expected):
                problems.append(f"U+{scalar:04X} is not {expected}")
    if problems:
        sys.exit("generate-unicode-tables: assumption broken:\n  " + "\n  ".join(problems))


def check_against_grapheme_test(path, words):
    """Every '(Value)' in GraphemeBreakTest.txt's comments must match the derivation."""
    aliases = {"Extend_ExtCccZwj": "Extend", "ZWJ_ExtCccZwj": "ZWJ", "RI": "Regional_Indicator",
               "ExtPict": "Extended_Pictographic"}
    mismatches = set()
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or "#" not in line:
                continue
            cases, comment = line.split("#", 1)
            scalars = [int(part, 16) for part in cases.split() if part not in ("÷", "×")]
            values = re.findall(r"\] .+? \(([A-Za-z_]+)\) [÷×]", comment)
            if len(values) != len(scalars):
                sys.exit(f"generate-unicode-tables: cannot read the comment of: {line}")
            for scalar, value in zip(scalars, values):
                expected = aliases.get(value, value)
                derived = GRAPHEME_BREAK_VALUES[(words[scalar] >> 6) & 0xF]
                # Extended_Pictographic is a property of its own; the comments sometimes
                # give such a scalar's Grapheme_Cluster_Break value, Other, instead.
                if derived == "Extended_Pictographic" and expected == "Other":
                    continue
                if derived != expected:
                    mismatches.add(f"U+{scalar:04X}: derived {derived}, test says {expected}")
    if mismatches:
        sys.exit("generate-unicode-tables: Grapheme_Cluster_Break derivation disagrees with "
                 "GraphemeBreakTest.txt:\n  " + "\n  ".join(sorted(mismatches)))


def property_words(data):
    words = [0] * SCALAR_COUNT
    for scalar in range(SCALAR_COUNT):
        word = resolved_line_break(scalar, data)
        word |= GRAPHEME_BREAK_VALUES.index(grapheme_break(scalar, data)) << 6
        word |= column_width(scalar, data) << 10
        word |= data["emoji_presentation"][scalar] << 12
        words[scalar] = word
    return words


def two_stage(words):
    """Deduplicate BLOCK-sized blocks of property-set numbers."""
    sets = sorted(set(words))
    set_number = {word: number for number, word in enumerate(sets)}
    blocks, block_number, stage1 = [], {}, []
    for start in range(0, SCALAR_COUNT, BLOCK):
        block = tuple(set_number[word] for word in words[start:start + BLOCK])
        if block not in block_number:
            block_number[block] = len(blocks)
            blocks.append(block)
        stage1.append(block_number[block])
    stage2 = [number for block in blocks for number in block]
    return sets, stage1, stage2


def swift_string_literal(values, indent):
    """A multi-line Swift string literal holding `values` (each < 128) as its UTF-8 bytes.

    Lines end in a backslash, which joins them without a newline, and are cut only
    between whole escapes; quotes are always escaped so three of them cannot end it.
    """
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
    data = load(data_dir)
    words = property_words(data)
    check_assumptions(data, words)
    check_against_grapheme_test(os.path.join(data_dir, "GraphemeBreakTest.txt"), words)
    sets, stage1, stage2 = two_stage(words)
    if len(sets) > 128:
        sys.exit(f"generate-unicode-tables: {len(sets)} property sets do not fit in 7 bits")
    wide_stage1 = max(stage1) >= 128
    stage1_bytes = seven_bit_pairs(stage1) if wide_stage1 else stage1
    # UnicodeTables.asciiPropertyWord skips stage 1 for ASCII.
    assert stage1[0] == 0

    indent = "    "
    lines = [
        "// Generated by Scripts/generate-unicode-tables.py from the Unicode 15.0 Character",
        "// Database (LineBreak.txt, EastAsianWidth.txt, UnicodeData.txt,",
        "// DerivedCoreProperties.txt, emoji-data.txt). Do not edit; run the script instead.",
        "// Unicode data: Copyright (c) Unicode, Inc., see",
        "// Tests/TextLayoutTests/Vectors/COPYRIGHT-unicode-data.txt.",
        "",
        "/// The packed Unicode property tables TextLayout looks scalars up in.",
        "///",
        "/// Two stages: `stage1[scalar >> blockShift]` is a block number, "
        "`stage2[block << blockShift",
        "/// | scalar & blockMask]` a property-set number and `propertySets` the 13-bit word of",
        "/// that set (two 7-bit bytes, low first). All three are 7-bit byte strings so they "
        "compile",
        "/// fast and are read in place through `utf8Start`.",
        "enum UnicodeTables {",
        f"  static let blockShift: UInt32 = {SHIFT}",
        f"  static let blockMask: UInt32 = {BLOCK - 1}",
        f"  /// Whether a stage-1 entry takes two 7-bit bytes (low first) instead of one.",
        f"  static let stage1EntriesAreWide = {'true' if wide_stage1 else 'false'}",
        "",
        f"  /// {len(stage1)} block numbers.",
        "  static var stage1: StaticString {",
        swift_string_literal(stage1_bytes, indent),
        "  }",
        "",
        f"  /// {len(stage2) // BLOCK} blocks of {BLOCK} property-set numbers.",
        "  static var stage2: StaticString {",
        swift_string_literal(stage2, indent),
        "  }",
        "",
        "  /// The line-break class of each ASCII scalar (the low 6 bits of its word), for the",
        "  /// scanner's ASCII loop.",
        "  static var asciiLineBreakClasses: StaticString {",
        swift_string_literal([words[scalar] & 0x3F for scalar in range(128)], indent),
        "  }",
        "",
        f"  /// {len(sets)} property words.",
        "  static var propertySets: StaticString {",
        swift_string_literal(seven_bit_pairs(sets), indent),
        "  }",
        "}",
        "",
    ]
    output = os.path.join(repo_root, "Sources", "TextLayout", "Generated", "UnicodeTables.swift")
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8", newline="\n") as file:
        file.write("\n".join(lines))

    vectors = os.path.join(repo_root, "Tests", "TextLayoutTests", "Vectors")
    os.makedirs(vectors, exist_ok=True)
    for name in ("LineBreakTest.txt", "GraphemeBreakTest.txt", "COPYRIGHT-unicode-data.txt"):
        shutil.copyfile(os.path.join(data_dir, name), os.path.join(vectors, name))

    print(f"property sets: {len(sets)}, blocks: {len(stage2) // BLOCK}, "
          f"stage 1: {len(stage1_bytes)} bytes, stage 2: {len(stage2)} bytes")


# The files UNICODE_DATA_DIR must hold.
DATA_FILES = (
    "LineBreak.txt", "EastAsianWidth.txt", "UnicodeData.txt", "DerivedCoreProperties.txt",
    "emoji-data.txt", "LineBreakTest.txt", "GraphemeBreakTest.txt", "COPYRIGHT-unicode-data.txt",
)


def data_directory():
    """The Unicode data directory from the argument or UNICODE_DATA_DIR; stops if unusable."""
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) > 2:
        sys.exit(__doc__)
    data_dir = sys.argv[1] if len(sys.argv) == 2 else os.environ.get("UNICODE_DATA_DIR", "")
    if not data_dir:
        sys.exit("generate-unicode-tables: no Unicode data directory given.\n"
                 "Pass it as the argument or set UNICODE_DATA_DIR, for example:\n"
                 "    Scripts/generate-unicode-tables.py DIR\n"
                 "where DIR holds the Unicode 15.0 files " + ", ".join(DATA_FILES) + ".\n"
                 "See Documentation/TextMetrics.md, \"Generated tables\".")
    if not os.path.isdir(data_dir):
        sys.exit(f"generate-unicode-tables: the Unicode data directory {data_dir!r} does not exist.")
    missing = [name for name in DATA_FILES if not os.path.isfile(os.path.join(data_dir, name))]
    if missing:
        sys.exit(f"generate-unicode-tables: the Unicode data directory {data_dir!r} lacks "
                 + ", ".join(missing) + ".")
    return os.path.abspath(data_dir)


def main():
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    generate(data_directory(), repo_root)


if __name__ == "__main__":
    main()

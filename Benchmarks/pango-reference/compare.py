#!/usr/bin/env python3
"""Joins `pango-measure` and `transcript measure` outputs (ID<TAB>LINES<TAB>WIDEST)
by id and reports the agreement. Used by Scripts/pango-compare.sh.

usage: compare.py --corpus FILE --width W --pango TSV --swift TSV --diff OUT.tsv
prints one human line and one JSON line ({"width":...}) on standard output.
"""

import argparse
import json
import sys


def is_arabic(text):
    return any(0x0600 <= ord(c) <= 0x06FF or 0x0750 <= ord(c) <= 0x077F or
               0x08A0 <= ord(c) <= 0x08FF or 0xFB50 <= ord(c) <= 0xFDFF or
               0xFE70 <= ord(c) <= 0xFEFF for c in text)


def read_tsv(path):
    rows = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                continue
            try:
                rows[parts[0]] = (int(parts[1]), float(parts[2]), parts[1] + "\t" + parts[2])
            except ValueError:
                continue
    return rows


def read_texts(path):
    """The final text of each item, as pango-measure reads the stream (insert,
    update, prepend, delete); enough for the corpus files this is used on."""
    texts = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if not isinstance(ev, dict):
                continue
            op = ev.get("op")
            items = [ev.get("item")] if op in ("insert", "update") else ev.get("items") if op == "prepend" else []
            for item in items or []:
                if isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("text"), str):
                    if op == "update" and item["id"] not in texts:
                        continue
                    if op != "update" and item["id"] in texts:
                        continue
                    texts[item["id"]] = item["text"]
            if op == "delete" and isinstance(ev.get("id"), str):
                texts.pop(ev["id"], None)
    return texts


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--width", required=True)
    ap.add_argument("--pango", required=True)
    ap.add_argument("--swift", required=True)
    ap.add_argument("--diff", required=True)
    ap.add_argument("--tolerance", type=float, default=0.5)
    args = ap.parse_args()

    texts = read_texts(args.corpus)
    pango = read_tsv(args.pango)
    swift = read_tsv(args.swift)

    n = {"other": 0, "arabic": 0}
    lines_ok = {"other": 0, "arabic": 0}
    width_ok = {"other": 0, "arabic": 0}
    missing = 0
    diffs = []
    for mid, (plines, pwidest, praw) in pango.items():
        text = texts.get(mid, "")
        cls = "arabic" if is_arabic(text) else "other"
        n[cls] += 1
        s = swift.get(mid)
        if s is None:
            missing += 1
            diffs.append((mid, cls, praw, "missing\t", text))
            continue
        slines, swidest, sraw = s
        lok = slines == plines
        wok = abs(swidest - pwidest) <= args.tolerance + 1e-9
        lines_ok[cls] += lok
        width_ok[cls] += wok
        if not (lok and wok):
            diffs.append((mid, cls, praw, sraw, text))
    extra = len(set(swift) - set(pango))

    with open(args.diff, "w", encoding="utf-8") as out:
        out.write("id\tclass\tpango_lines\tpango_widest\ttranscript_lines\ttranscript_widest\ttext\n")
        for mid, cls, praw, sraw, text in diffs:
            shown = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            out.write(f"{mid}\t{cls}\t{praw}\t{sraw}\t{shown}\n")

    total = n["other"] + n["arabic"]
    summary = {
        "width": float(args.width),
        "messages": total,
        "nonArabic": n["other"],
        "arabic": n["arabic"],
        "linesAgreeNonArabic": round(pct(lines_ok["other"], n["other"]), 3),
        "widestWithinNonArabic": round(pct(width_ok["other"], n["other"]), 3),
        "widestWithinAll": round(pct(width_ok["other"] + width_ok["arabic"], total), 3),
        "linesAgreeArabic": round(pct(lines_ok["arabic"], n["arabic"]), 3),
        "missingInTranscript": missing,
        "extraInTranscript": extra,
        "disagreeing": len(diffs),
    }
    print(f"  agreement @ {args.width} px: line counts {summary['linesAgreeNonArabic']:.2f}% of "
          f"{n['other']} non-Arabic (need >= 99.5), widest within {args.tolerance} px "
          f"{summary['widestWithinNonArabic']:.2f}% non-Arabic / {summary['widestWithinAll']:.2f}% all "
          f"(need >= 99), Arabic line counts {summary['linesAgreeArabic']:.2f}% of {n['arabic']} "
          f"(need >= 95); {len(diffs)} disagreeing -> {args.diff}"
          + (f"; {missing} ids missing from transcript's output" if missing else "")
          + (f"; {extra} ids only in transcript's output" if extra else ""))
    print(json.dumps(summary, separators=(",", ":")))


if __name__ == "__main__":
    sys.exit(main())

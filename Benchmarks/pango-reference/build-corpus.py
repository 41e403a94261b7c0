#!/usr/bin/env python3
"""Builds a multilingual proxy of a chat corpus from the translation catalogs
installed on this machine (/usr/share/locale/*/LC_MESSAGES/*.mo).

Real human text (translators' strings) in many scripts, cut to chat length and
kept only when the font covers every character, written as NDJSON inserts in
the project's wire format with ids `<lang>-<n>`. See README.md next to this
file. Deterministic for a given set of installed catalogs and --seed.

usage: build-corpus.py --font PATH --output FILE [--count N] [--seed S]
       [--locale-dir DIR] [--emoji-rate 0.06] [--length-bias 0.7] [--domains "D ..."|all]
"""

import argparse
import collections
import gettext
import glob
import json
import os
import random
import re
import sys
import unicodedata

from fontTools.ttLib import TTFont

# Languages written in the Arabic script (catalog directory names, before any
# '@' or '_' region). Messages are classified as Arabic by their content, not
# by this list; the list only sets the quotas.
ARABIC_LANGS = {"ar", "fa", "ur", "ps", "ckb", "ug", "sd", "pa_PK", "az_IR", "ks"}

# How many messages to take from each language, before scaling to --count.
WEIGHTS = {
    "en": 2400,
    # Arabic script
    "ar": 700, "fa": 500, "ur": 250, "ps": 250, "ckb": 150, "ug": 250, "pa_PK": 100, "sd": 60,
    # scripts the issue names
    "el": 600, "hy": 500, "ka": 500, "he": 600, "vi": 600, "ru": 600, "uk": 400, "bg": 300,
    "sr": 300, "be": 200, "mk": 150, "kk": 150, "yi": 100,
}
MAJOR_LATIN = ("de fr es pt_BR pt it pl cs tr ro hu sk sl hr lt lv et fi sv da nb nl ca gl eu "
               "is ga cy eo az sq id ms af")
for code in MAJOR_LATIN.split():
    WEIGHTS.setdefault(code, 220)
DEFAULT_WEIGHT = 40

# The catalogs read (gettext domains), from packages pango-compare.sh installs,
# so that a fresh Debian 12 machine builds the same corpus. --domains all reads
# every catalog installed.
DOMAINS = ("iso_3166 iso_3166-1 iso_3166-2 iso_3166_2 iso_3166-3 iso_639 iso_639-2 iso_639-3 "
           "iso_639_3 iso_639-5 iso_15924 iso_4217 libc glib20 gtk20 gtk20-properties gdk-pixbuf "
           "at-spi2-core shared-mime-info xkeyboard-config Linux-PAM gsettings-desktop-schemas "
           "xdg-user-dirs coreutils grep dpkg apt libapt-pkg6.0")

# Emoji and symbols DejaVu Sans has (the list is filtered by the font's cmap
# anyway). A few carry VARIATION SELECTOR-16, as phones send them.
EMOJI = ["\U0001F600", "\U0001F601", "\U0001F602", "\U0001F603", "\U0001F604", "\U0001F605",
         "\U0001F606", "\U0001F609", "\U0001F60A", "\U0001F60B", "\U0001F60D", "\U0001F60E",
         "\U0001F618", "\U0001F610", "\U0001F612", "\U0001F615", "\U0001F61E", "\U0001F622",
         "\U0001F62D", "\U0001F631", "\U0001F633", "\u263A", "\u263A\uFE0F", "\u2639", "\u2665",
         "\u2764", "\u2764\uFE0F", "\u2713", "\u2714", "\u2605", "\u2600", "\u2615", "\u26A1",
         "\u270C", "\u270C\uFE0F", "\u2708", "\u266B"]

FORMAT_RE = re.compile(
    r"%[-+ #0'.\d*$]*[a-zA-Z(%]"  # printf-style (%s, %.250s, %1$s, %(name)s ...); "50 %." stays
    r"|[{}]"                 # python / ICU / template braces
    r"|<[/!a-zA-Z]"          # markup
    r"|&[a-zA-Z#][a-zA-Z0-9]*;"  # entities
    r"|\$[A-Za-z{(]"         # shell variables
    r"|@[A-Za-z_]+@"         # autoconf substitutions
    r"|\\|`|://|\s--?[a-z]"  # escapes, code, URLs, command-line options
)


def lang_of(path):
    return path.split(os.sep)[-3]


def clean(text):
    text = text.replace("\r\n", "\n")
    text = re.sub(r"\((?:_|&)\w\)", "", text)          # "(_F)" accelerators
    text = re.sub(r"(?<![\w])_(?=\w)", "", text)       # "_File" -> "File"
    return text.strip()


def acceptable(text, cmap):
    n = len(text)
    if n < 3 or n > 300:
        return False
    if "_" in text or "  " in text or "\t" in text:
        return False
    if text.count("\n") > 3 or "\n " in text or " \n" in text or "\n\n" in text:
        return False
    if FORMAT_RE.search(text):
        return False
    for ch in text:
        if ch == "\n":
            continue
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Co", "Cn"):
            return False
        if ord(ch) not in cmap:
            return False
    # at least one letter: drop pure punctuation / numbers
    return any(unicodedata.category(ch).startswith("L") for ch in text)


def weighted_sample(rng, pool, k, bias):
    """k texts without replacement, each with weight len**bias (Efraimidis-Spirakis):
    catalogs are full of one-word labels, chat is longer."""
    keyed = sorted(pool, key=lambda t: -rng.random() ** (1.0 / (len(t) ** bias)))
    return keyed[:k]


def is_arabic(text):
    return any(0x0600 <= ord(c) <= 0x06FF or 0x0750 <= ord(c) <= 0x077F or
               0x08A0 <= ord(c) <= 0x08FF or 0xFB50 <= ord(c) <= 0xFDFF or
               0xFE70 <= ord(c) <= 0xFEFF for c in text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--font", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--count", type=int, default=16000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--locale-dir", default="/usr/share/locale")
    ap.add_argument("--emoji-rate", type=float, default=0.06)
    ap.add_argument("--length-bias", type=float, default=0.7)
    ap.add_argument("--domains", default=DOMAINS,
                    help="space-separated gettext domains to read, or 'all'")
    args = ap.parse_args()

    cmap = set(TTFont(args.font, lazy=True, fontNumber=0).getBestCmap().keys())
    emoji = [e for e in EMOJI if all(ord(c) in cmap for c in e)]

    texts = collections.defaultdict(set)   # lang -> texts
    english = set()
    files = sorted(glob.glob(os.path.join(args.locale_dir, "*", "LC_MESSAGES", "*.mo")))
    if args.domains != "all":
        domains = set(args.domains.split())
        files = [f for f in files if os.path.basename(f)[:-3] in domains]
    if not files:
        sys.exit("build-corpus: no .mo catalogs under " + args.locale_dir)
    for path in files:
        lang = lang_of(path)
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key, value in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if not msgid or not isinstance(value, str) or not value:
                continue
            e = clean(msgid)
            if acceptable(e, cmap):
                english.add(e)
            if lang.startswith("en"):
                lang = "en"
            elif value == msgid:
                continue   # untranslated
            t = clean(value)
            if acceptable(t, cmap):
                texts[lang].add(t)
    texts["en"] |= english

    # a text belongs to one language only: the first (sorted) that has it,
    # English first
    seen = set()
    order = ["en"] + sorted(l for l in texts if l != "en")
    pools = {}
    for lang in order:
        pool = sorted(t for t in texts[lang] if t not in seen)
        seen.update(pool)
        if pool:
            pools[lang] = pool

    weights = {l: WEIGHTS.get(l, DEFAULT_WEIGHT) for l in pools}
    wanted = sum(min(weights[l], len(pools[l])) for l in pools)
    scale = args.count / wanted if wanted else 1.0
    rng = random.Random(args.seed)
    messages = []
    for lang in sorted(pools):
        take = min(len(pools[lang]), max(1, round(weights[lang] * scale)))
        picked = weighted_sample(random.Random(f"{args.seed}:{lang}"), pools[lang], take,
                                 args.length_bias)
        prefix = lang.lower().replace("@", "_")
        for n, text in enumerate(picked, 1):
            messages.append((f"{prefix}-{n}", text))
    rng.shuffle(messages)
    if len(messages) > args.count:
        messages = messages[:args.count]

    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    tmp = args.output + ".tmp"
    stats = collections.Counter()
    scripts = collections.Counter()
    total_bytes = 0
    with open(tmp, "w", encoding="utf-8") as out:
        for i, (mid, text) in enumerate(messages):
            if emoji and rng.random() < args.emoji_rate:
                text = text + " " + rng.choice(emoji)
            item = {"id": mid, "type": "text", "sender": f"u{rng.randrange(40)}",
                    "incoming": rng.random() < 0.6, "text": text}
            out.write(json.dumps({"op": "insert", "item": item}, ensure_ascii=False,
                                 separators=(",", ":")) + "\n")
            total_bytes += len(text.encode("utf-8"))
            stats[mid.rsplit("-", 1)[0]] += 1
            for c in text:
                if unicodedata.category(c).startswith("L"):
                    name = unicodedata.name(c, "?").split()[0]
                    scripts[name] += 1
                    break
            if is_arabic(text):
                scripts["(arabic messages)"] += 1
    os.replace(tmp, args.output)
    print(f"build-corpus: {len(messages)} messages, {total_bytes} bytes of text, "
          f"{len(stats)} languages -> {args.output}", file=sys.stderr)
    print("build-corpus: by language: " + " ".join(f"{k}:{v}" for k, v in stats.most_common()),
          file=sys.stderr)
    print("build-corpus: by first letter's script: " +
          " ".join(f"{k}:{v}" for k, v in scripts.most_common()), file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Checks `transcript measure` (point text measurement, issue 18) against Pango with the same font
# file: DejaVu Sans at 15 px, no hinting, fractional glyph positions, PANGO_WRAP_WORD_CHAR.
#
# For each wrap width it runs Benchmarks/pango-reference/pango-measure (C, PangoFT2 + HarfBuzz)
# and `transcript measure` on the same NDJSON corpus, joins their `ID<TAB>LINES<TAB>WIDEST` lines
# by id and prints:
#   - line-count agreement on the non-Arabic messages       (issue 18 asks >= 99.5%)
#   - widest line within 0.5 px                              (>= 99%)
#   - line-count agreement on the Arabic messages            (>= 95%)
#   - the speed of each and the ratio                        (>= 20x Pango)
# and writes the disagreeing messages to .build/pango-diff-WIDTH.tsv.
#
# The corpus is built at run time from the translation catalogs of this Debian machine
# (Benchmarks/pango-reference/build-corpus.py; real human text in many scripts, ~16,000 chat-length
# messages, ~0.75 MB) into .build/pango-corpus.ndjson, unless --corpus names another file (the
# hidden real corpus, for example). A message is "Arabic" when its text has an Arabic-script letter.
#
# Usage: Scripts/pango-compare.sh [--size 15] [--font PATH ...] [--widths "120 240 360"]
#          [--repeat 5] [--corpus FILE] [--rebuild-corpus] [--count 16000] [--no-hyphens]
#          [--pango-only] [--no-build] [--transcript PATH]
#   --font PATH       repeatable; the first is the primary font, the others its fallbacks
#                     (default /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
#   --no-hyphens      Pango without its inserted hyphens (see Benchmarks/pango-reference/README.md);
#                     by default Pango runs with its defaults, which insert U+2010 where
#                     WORD_CHAR breaks inside a word
#   --pango-only      run and time the Pango side only (no Swift build, no comparison)
#   --no-build        use the transcript binaries already in .build/release
#   --transcript PATH use this transcript binary (and transcript-bench next to it, if any); no build
# Installs what it needs with apt-get when missing (gcc, pkg-config, libpango1.0-dev,
# python3-fonttools, the catalog packages, fonts-dejavu-core). Exit status: 0 when the comparison
# ran (whatever the agreement), 1 when something could not be done, 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

size=15
fonts=()
widths="120 240 360"
repeat=5
corpus=""
rebuild_corpus=0
count=16000
hyphens=()
pango_only=0
build=1
transcript_path=""

usage() { sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "pango-compare: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --size) [ $# -ge 2 ] || usage; size="$2"; shift 2 ;;
    --font) [ $# -ge 2 ] || usage; fonts+=("$2"); shift 2 ;;
    --widths) [ $# -ge 2 ] || usage; widths="$2"; shift 2 ;;
    --repeat) [ $# -ge 2 ] || usage; repeat="$2"; shift 2 ;;
    --corpus) [ $# -ge 2 ] || usage; corpus="$2"; shift 2 ;;
    --count) [ $# -ge 2 ] || usage; count="$2"; shift 2 ;;
    --rebuild-corpus) rebuild_corpus=1; shift ;;
    --no-hyphens) hyphens=(--no-hyphens); shift ;;
    --pango-only) pango_only=1; shift ;;
    --no-build) build=0; shift ;;
    --transcript) [ $# -ge 2 ] || usage; transcript_path="$2"; build=0; shift 2 ;;
    -h|--help) usage ;;
    *) echo "pango-compare: unknown argument $1" >&2; usage ;;
  esac
done
default_font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
if [ ${#fonts[@]} -eq 0 ]; then fonts=("$default_font"); fi

# --- what this needs, from Debian ------------------------------------------------------------
# The catalogs build-corpus.py reads come from these packages (iso-codes and friends), so a fresh
# machine builds the same corpus.
catalog_pkgs=(iso-codes libc-l10n libglib2.0-data libgtk2.0-common libgdk-pixbuf2.0-common
  at-spi2-common shared-mime-info xkb-data libpam-runtime gsettings-desktop-schemas xdg-user-dirs)
pkgs=(gcc libc6-dev pkg-config libpango1.0-dev python3 python3-fonttools)
if [ "${fonts[0]}" = "$default_font" ]; then pkgs+=(fonts-dejavu-core); fi
if [ -z "$corpus" ]; then pkgs+=("${catalog_pkgs[@]}"); fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "pango-compare: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
  $sudo apt-get update -q > /dev/null || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" > /dev/null \
    || die "apt-get install ${missing[*]} failed"
fi
python=/usr/bin/python3   # Debian's, which has python3-fonttools
for f in "${fonts[@]}"; do [ -r "$f" ] || die "cannot read the font file $f"; done

mkdir -p .build/pango-reference
ref=Benchmarks/pango-reference
work=.build/pango-reference

# --- the Pango reference ---------------------------------------------------------------------
pango="$work/pango-measure"
if [ ! -x "$pango" ] || [ "$ref/pango-measure.c" -nt "$pango" ]; then
  echo "pango-compare: building $pango" >&2
  # shellcheck disable=SC2046
  gcc -O2 -Wall -o "$pango" "$ref/pango-measure.c" \
    $(pkg-config --cflags --libs pangoft2 pango harfbuzz fontconfig glib-2.0) -lm \
    || die "could not build pango-measure"
fi

# --- the corpus ------------------------------------------------------------------------------
if [ -z "$corpus" ]; then
  corpus=.build/pango-corpus.ndjson
  if [ $rebuild_corpus -eq 1 ] || [ ! -s "$corpus" ]; then
    echo "pango-compare: building $corpus from the translation catalogs" >&2
    "$python" "$ref/build-corpus.py" --font "${fonts[0]}" --output "$corpus" --count "$count" \
      || die "could not build the corpus"
  fi
fi
[ -s "$corpus" ] || die "the corpus $corpus is missing or empty"

font_args=()
for f in "${fonts[@]}"; do font_args+=(--font "$f"); done

# JSON field of a one-line object.
field() { "$python" -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
# Median wall seconds of a command run $repeat times (its stdout to the file $1).
wall_median() {
  local out="$1"; shift
  local times=()
  for _ in $(seq "$repeat"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > "$out"
    t1=$(date +%s.%N)
    times+=("$("$python" -c "print($t1 - $t0)")")
  done
  "$python" -c 'import statistics,sys; print(statistics.median(map(float, sys.argv[1:])))' "${times[@]}"
}

echo "pango-compare: corpus $corpus ($(wc -l < "$corpus") lines, $(wc -c < "$corpus") bytes)," \
  "font ${fonts[*]}, size $size px, widths $widths, $repeat passes${hyphens:+, no hyphens}"

declare -A pango_median pango_mbs
for w in $widths; do
  timing="$work/pango-time-$w.txt"
  "$pango" "${font_args[@]}" --size "$size" --wrap "$w" "${hyphens[@]}" --time --repeat "$repeat" \
    "$corpus" > "$work/pango-$w.tsv" 2> "$timing" || { cat "$timing" >&2; die "pango-measure failed at $w px"; }
  json=$(grep '^{' "$timing" | tail -1)
  pango_median[$w]=$(field "$json" medianSeconds)
  pango_mbs[$w]=$(field "$json" mbPerSecond)
  printf '  pango @ %s px: %s messages, %s bytes, median %.4f s per pass, %.3f MB/s (fastest %.4f s)\n' \
    "$w" "$(field "$json" messages)" "$(field "$json" bytes)" "${pango_median[$w]}" "${pango_mbs[$w]}" \
    "$(field "$json" minSeconds)"
done
if [ $pango_only -eq 1 ]; then exit 0; fi

# --- transcript ------------------------------------------------------------------------------
bin=.build/release
if [ $build -eq 1 ]; then
  echo "pango-compare: swift build -c release --product transcript" >&2
  swift build -c release --product transcript > "$work/swift-build.log" 2>&1 \
    || { tail -20 "$work/swift-build.log" >&2; die "swift build of transcript failed (log: $work/swift-build.log)"; }
  swift build -c release --product transcript-bench > "$work/swift-build-bench.log" 2>&1 \
    || echo "pango-compare: transcript-bench did not build; timing transcript measure instead" >&2
  bin="$(swift build -c release --show-bin-path)"
fi
transcript="$bin/transcript"
if [ -n "$transcript_path" ]; then transcript="$transcript_path"; bin="$(dirname "$transcript_path")"; fi
[ -x "$transcript" ] || die "no $transcript (run without --no-build)"

probe='{"op":"insert","item":{"id":"probe","type":"text","text":"Hello, world"}}'
if ! probe_out=$(printf '%s\n' "$probe" | "$transcript" measure "${font_args[@]}" --size "$size" --wrap 240 - 2>&1) \
   || ! grep -q $'^probe\t1\t[0-9]*\\.[0-9][0-9]$' <<< "$probe_out"; then
  echo "pango-compare: \`transcript measure --font PATH --size PX --wrap PX FILE\` is not available yet" >&2
  echo "  (issue 18). It must print ID<TAB>LINES<TAB>WIDEST per message; on a one-message probe it said:" >&2
  printf '%s\n' "$probe_out" | head -5 | sed 's/^/    /' >&2
  echo "  The Pango side ran: its outputs are $work/pango-WIDTH.tsv." >&2
  exit 1
fi

bench_ok=0
if [ -x "$bin/transcript-bench" ] && bj=$("$bin/transcript-bench" text --input "$corpus" "${font_args[@]}" \
     --size "$size" --wrap "${widths%% *}" --repeat 1 --json 2> /dev/null | grep '"medianSeconds"' | tail -1) \
   && [ -n "$bj" ]; then
  bench_ok=1
fi

results=()
for w in $widths; do
  swift_tsv="$work/transcript-$w.tsv"
  if [ $bench_ok -eq 1 ]; then
    "$transcript" measure "${font_args[@]}" --size "$size" --wrap "$w" "$corpus" > "$swift_tsv" \
      || die "transcript measure failed at $w px"
    bj=$("$bin/transcript-bench" text --input "$corpus" "${font_args[@]}" --size "$size" --wrap "$w" \
      --repeat "$repeat" --json | grep '"medianSeconds"' | tail -1) || die "transcript-bench text failed at $w px"
    swift_median=$(field "$bj" medianSeconds)
    swift_bytes=$(field "$bj" bytes)
    how="transcript-bench text, median of $repeat"
  else
    swift_median=$(wall_median "$swift_tsv" "$transcript" measure "${font_args[@]}" --size "$size" --wrap "$w" "$corpus") \
      || die "transcript measure failed at $w px"
    swift_bytes=$(grep '^{' "$work/pango-time-$w.txt" | tail -1 | "$python" -c 'import json,sys; print(json.load(sys.stdin)["bytes"])')
    how="wall time of transcript measure (whole command), median of $repeat"
  fi
  out=$("$python" "$ref/compare.py" --corpus "$corpus" --width "$w" --pango "$work/pango-$w.tsv" \
    --swift "$swift_tsv" --diff ".build/pango-diff-$w.tsv") || die "the comparison failed at $w px"
  printf '%s\n' "$out" | grep -v '^{'
  ratio=$("$python" -c "print(${pango_median[$w]} / $swift_median if $swift_median > 0 else float('inf'))")
  printf '  speed @ %s px: pango %.4f s (%.3f MB/s), transcript %.5f s (%.2f MB/s; %s): %.1fx (need >= 20x)\n' \
    "$w" "${pango_median[$w]}" "${pango_mbs[$w]}" "$swift_median" \
    "$("$python" -c "print($swift_bytes / $swift_median / 1e6 if $swift_median > 0 else 0)")" "$how" "$ratio"
  results+=("$(printf '%s\n' "$out" | grep '^{' | "$python" -c "
import json,sys; d=json.load(sys.stdin); d.update(pangoSeconds=${pango_median[$w]}, transcriptSeconds=$swift_median, speedRatio=$ratio); print(json.dumps(d, separators=(',',':')))")")
done
printf '%s\n' "${results[@]}" > "$work/summary.ndjson"
echo "pango-compare: summary (one JSON object per width) in $work/summary.ndjson"

#!/usr/bin/env bash
# The hostile soak: N generated events with hostile lines of every kind mixed in, through
# `transcript layout` and `transcript follow` (release build). Three streams:
#   clean      transcript generate --count N --seed 5
#   bad only   the clean stream with a bad line after every 50th line: not JSON, invalid
#              UTF-8, unknown ops and ids (ids holding U+2028, U+061C, OSC and ESC), the
#              reserved typing id, three lines over the 16 MiB limit, and prepends of 131,072
#              copies of the reserved id. Every one is rejected, so `layout` must print exactly
#              what it prints for the clean stream, and stderr must hold no raw ESC or BEL.
#              `follow` prints per burst of lines, and what a row looks like when printed
#              depends on what its burst held (an edit of an earlier message, the next message
#              of the same sender taking the avatar); so its output is compared on the clean
#              stream's appends whose sender differs from the one before, with and without
#              the bad lines.
#   hostile    the bad-only stream plus lines that apply: ids forged like injected rows
#              (m7/day, m7/status), canonically equivalent ids (café two ways), ids and texts
#              with separators, escapes and bidi overrides, and 20,000 senders who start
#              typing and later stop.
# Each run's maximum resident memory must stay within 2x the clean stream's.
#
# Usage: Scripts/hostile-soak.sh [N]      (default 1000000; .ci/run uses 100000)
# Needs GNU time (/usr/bin/time) for the memory check.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

count="${1:-1000000}"
swift build -c release --product transcript > /dev/null
transcript="$(swift build -c release --show-bin-path)/transcript"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Reads the clean stream and writes it with hostile lines mixed in; MODE is "bad" or "hostile".
mix() {
  awk -v mode="$1" -v total="$count" '
    function bad(k,    r) {
      r = k % 8
      if (r == 0) return "{\"op\":\"insert\",\"item\":{\"id\":\"x"
      if (r == 1) return "{\"op\":\"insert\",\"item\":{\"id\":\"bad\377\",\"type\":\"text\",\"text\":\"x\"}}"
      if (r == 2) return "{\"op\":\"update\",\"item\":{\"id\":\"never\\u2028used" k "\",\"type\":\"text\",\"text\":\"x\"}}"
      if (r == 3) return "{\"op\":\"delete\",\"id\":\"\\u001b]0;owned\\u0007never" k "\"}"
      if (r == 4) return "{\"op\":\"insert\",\"item\":{\"id\":\"#typing\",\"type\":\"text\",\"text\":\"x\"}}"
      if (r == 5) return "{\"op\":\"status\",\"id\":\"\\u061cnever" k "\\u001b[2J\",\"status\":\"read\"}"
      if (r == 6) return "{\"op\":\"frobnicate\",\"id\":\"\\u0007\"}"
      return "{\"op\":\"update\",\"item\":{\"id\":\"\\u2029gone" k "\",\"type\":\"text\",\"text\":\"x\"}}"
    }
    function hostile(k,    r) {
      r = k % 5
      if (r == 0) return "{\"op\":\"insert\",\"item\":{\"id\":\"m" k "/day\",\"type\":\"text\",\"sender\":\"eve\",\"incoming\":true,\"text\":\"forged day\"}}"
      if (r == 1) return "{\"op\":\"insert\",\"item\":{\"id\":\"m" k "/status\",\"type\":\"text\",\"sender\":\"eve\",\"incoming\":true,\"text\":\"forged status\"}}"
      if (r == 2) return "{\"op\":\"insert\",\"item\":{\"id\":\"caf\\u00e9" k "\",\"type\":\"text\",\"text\":\"composed\"}}\n{\"op\":\"insert\",\"item\":{\"id\":\"cafe\\u0301" k "\",\"type\":\"text\",\"text\":\"decomposed\"}}"
      if (r == 3) return "{\"op\":\"insert\",\"item\":{\"id\":\"sep\\u2028\\u001b[31m" k "\",\"type\":\"text\",\"sender\":\"\\u001b]0;x\\u0007\",\"incoming\":true,\"text\":\"\\u001b[2J\\u001b]0;t\\u0007\\u202eevil\\u000c\\u0085\\u2029end\"}}"
      return "{\"op\":\"delete\",\"id\":\"m" k "/day\"}"
    }
    function long_line(    s) {
      s = "x"
      while (length(s) < 16777216) s = s s
      return "{\"op\":\"insert\",\"item\":{\"id\":\"long\",\"type\":\"text\",\"text\":\"" s "\"}}"
    }
    function flood(active,    i) {
      for (i = 0; i < 20000; i++) printf "{\"op\":\"typing\",\"sender\":\"typist%d\",\"active\":%s}\n", i, active
    }
    function prepend_reserved(    i, s) {
      s = "{\"id\":\"#typing\",\"type\":\"text\"}"
      for (i = 0; i < 17; i++) s = s "," s
      return "{\"op\":\"prepend\",\"items\":[" s "]}"
    }
    {
      print
      if (NR % 50 == 0) print bad(NR / 50)
      if (mode == "hostile" && NR % 50 == 25) print hostile(NR / 50)
      if (NR == int(total / 4) || NR == int(total / 2) || NR == int(3 * total / 4)) print long_line()
      if (NR == int(total / 3) || NR == int(2 * total / 3)) print prepend_reserved()
      if (mode == "hostile" && NR == int(total / 3)) flood("true")
      if (mode == "hostile" && NR == int(2 * total / 3)) flood("false")
    }'
}

"$transcript" generate --count "$count" --seed 5 > "$work/clean.ndjson"
mix bad < "$work/clean.ndjson" > "$work/bad.ndjson"
mix hostile < "$work/clean.ndjson" > "$work/hostile.ndjson"
grep '"op":"insert"' "$work/clean.ndjson" | grep -v '"after"\|"before"' | awk '{
  sender = match($0, /"sender":"[^"]*"/) ? substr($0, RSTART, RLENGTH) : ""
  if (sender != last) print
  last = sender
}' > "$work/appends.ndjson"
mix bad < "$work/appends.ndjson" > "$work/appends-bad.ndjson"

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Runs COMMAND on STREAM (follow reads it from a pipe), keeping stdout, stderr, the exit
# status and the maximum resident memory in KB under $work/NAME.*.
run() {
  local name="$1" command="$2" stream="$3" status=0
  if [ "$command" = follow ]; then
    /usr/bin/time -f "%M" -o "$work/$name.rss" sh -c "cat '$stream' | '$transcript' follow" \
      > "$work/$name.out" 2> "$work/$name.err" || status=$?
  else
    /usr/bin/time -f "%M" -o "$work/$name.rss" "$transcript" layout --width 80 "$stream" \
      > "$work/$name.out" 2> "$work/$name.err" || status=$?
  fi
  echo "$status" > "$work/$name.status"
  printf "%-16s %12s lines %10s KB max RSS  exit %s  %s diagnostic lines\n" "$name" \
    "$(wc -l < "$stream")" "$(tail -n 1 "$work/$name.rss")" "$status" "$(wc -l < "$work/$name.err")"
}

for command in layout follow; do
  run "$command-clean" "$command" "$work/clean.ndjson"
  run "$command-bad" "$command" "$work/bad.ndjson"
  run "$command-hostile" "$command" "$work/hostile.ndjson"
  [ "$(cat "$work/$command-clean.status")" = 0 ] || fail "$command: the clean stream exits $(cat "$work/$command-clean.status")"
  for mix in bad hostile; do
    [ "$(cat "$work/$command-$mix.status")" = 1 ] || fail "$command $mix: exit $(cat "$work/$command-$mix.status"), not 1"
    if grep -q $'[\x1b\x07]' "$work/$command-$mix.err"; then fail "$command $mix: raw ESC or BEL on stderr"; fi
    clean_rss=$(tail -n 1 "$work/$command-clean.rss")
    mix_rss=$(tail -n 1 "$work/$command-$mix.rss")
    [ "$mix_rss" -le $((2 * clean_rss)) ] || fail "$command $mix: $mix_rss KB, over 2x the clean stream's $clean_rss KB"
  done
done
cmp -s "$work/layout-clean.out" "$work/layout-bad.out" \
  || fail "layout: the bad-only stream's output differs from the clean stream's"
run follow-appends follow "$work/appends.ndjson"
run follow-appends-bad follow "$work/appends-bad.ndjson"
cmp -s "$work/follow-appends.out" "$work/follow-appends-bad.out" \
  || fail "follow: the appends with bad lines print otherwise than the appends alone"

if [ "$failures" -gt 0 ]; then
  echo "hostile soak: $failures failures" >&2
  exit 1
fi
echo "hostile soak: $count events: bad lines change no output; hostile lines keep memory within 2x"

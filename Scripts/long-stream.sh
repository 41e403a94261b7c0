#!/usr/bin/env bash
# Long streams through the `transcript` CLI, release build: for each size N, the events, wall
# seconds and maximum resident memory of
#   follow        transcript generate --count N --seed 1 | transcript follow > /dev/null
#   layout        transcript layout --width 80 FILE     (FILE: the same N generated events)
#   churn follow  an insert+delete stream of N events (100 messages alive at a time) piped
#                 into transcript follow > /dev/null
#   churn layout  transcript layout --width 80 over that churn stream
# Memory should follow the transcript: proportional to N for the generated stream (about 85%
# of its events are inserts), flat for the churn stream however long it is.
#
# Usage: Scripts/long-stream.sh [N ...]        (default: 100000 300000 1000000)
# Needs GNU time (/usr/bin/time) for the memory column; without it the column says n/a.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then sizes=(100000 300000 1000000); fi

swift build -c release --product transcript > /dev/null
transcript="$(swift build -c release --show-bin-path)/transcript"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The measured commands' output goes to /dev/null; the report goes to fd 3, the real stdout.
exec 3>&1

# N insert+delete events: message i is inserted, and deleted again once 100 newer ones exist.
churn() {
  awk -v count="$1" -v live=100 'BEGIN {
    n = 0; i = 0
    while (n < count) {
      i++
      printf "{\"op\":\"insert\",\"item\":{\"id\":\"c%d\",\"type\":\"text\",\"sender\":\"%s\",\"incoming\":%s,\"date\":\"2026-11-21T10:%02d:%02dZ\",\"text\":\"churn message %d, written to be deleted again soon\"}}\n", i, (i % 3 ? "alice" : "me"), (i % 3 ? "true" : "false"), (i / 60) % 60, i % 60, i
      n++
      if (i > live && n < count) { printf "{\"op\":\"delete\",\"id\":\"c%d\"}\n", i - live; n++ }
    }
  }'
}

# Runs the command given as arguments (its input and output already redirected by the caller)
# under GNU time, and prints one line to fd 3: label, events, seconds, max RSS.
report() {
  local label="$1" events="$2"
  shift 2
  local seconds rss
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %M" -o "$work/time" "$@"
    read -r seconds rss < "$work/time"
    rss="$rss KB"
  else
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    rss="n/a"
  fi
  printf "%-13s %9d events %9.2f s %12s max RSS\n" "$label" "$events" "$seconds" "$rss" >&3
}

for size in "${sizes[@]}"; do
  "$transcript" generate --count "$size" --seed 1 > "$work/generated.ndjson"
  churn "$size" > "$work/churn.ndjson"
  "$transcript" generate --count "$size" --seed 1 | report follow "$size" "$transcript" follow > /dev/null
  report layout "$size" "$transcript" layout --width 80 "$work/generated.ndjson" > /dev/null
  churn "$size" | report "churn follow" "$size" "$transcript" follow > /dev/null
  report "churn layout" "$size" "$transcript" layout --width 80 "$work/churn.ndjson" > /dev/null
done

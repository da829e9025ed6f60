#!/usr/bin/env bash
# Bounded load benchmarks of `npuzzle serve` with wrk (Debian package `wrk`).
#
#   crates/npuzzle-web/bench/load.sh [classroom|generate|all]
#
# classroom: 28 students each send an easy 3×3 solve every 200 ms (wrk, 28 connections, a
#   200 ms delay between each connection's requests) for 30 s, while 2 students keep running
#   hard searches that hit the 10 s cap (Korf's first 15-puzzle instance, one after
#   another, A* with Manhattan distance). Prints wrk's latency percentiles and the count of each status.
# generate: 600 connections rotate through six goals and sizes of /api/generate for 20 s
#   while one client times an easy /api/solve every 200 ms; prints requests/s, latencies, the
#   server's peak RSS and thread count, and the solve times.
#
# The server is $NPUZZLE_BIN (default target/release/npuzzle), on a free loopback port, with
# its table cache in a scratch directory that is removed at the end. Every run is bounded in
# time and connections; nothing is left running.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${NPUZZLE_BIN:-$root/target/release/npuzzle}
which=${1:-all}
command -v wrk >/dev/null || { echo "wrk not found (apt-get install wrk)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no npuzzle binary at $bin (cargo build --release)" >&2; exit 2; }

scratch=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

NPUZZLE_CACHE_DIR="$scratch/cache" "$bin" serve --host 127.0.0.1 --port 0 >"$scratch/serve.log" 2>&1 &
server=$!
pids+=("$server")
for _ in $(seq 100); do
  url=$(grep -o 'http://[0-9.:]*/' "$scratch/serve.log" || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the server printed no URL" >&2; exit 1; }
echo "server $url (pid $server); $(nproc) cores; load: $(uptime | sed 's/.*load average/load average/')"

# Counts each status and prints them at the end (wrk runs one Lua state per thread).
cat >"$scratch/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for s, n in pairs(t:get("statuses")) do total[s] = (total[s] or 0) + n end
  end
  local line = "statuses:"
  for s, n in pairs(total) do line = line .. " " .. s .. "=" .. n end
  print(line)
  for _, p in ipairs({50, 90, 99, 99.9}) do
    print(string.format("latency p%s: %.1f ms", p, latency:percentile(p) / 1000))
  end
  print(string.format("latency max: %.1f ms", latency.max / 1000))
end
LUA

classroom() {
  echo "== classroom: 28 easy clients (one 3×3 solve per 200 ms each) + 2 hard searches, 30 s"
  for i in 1 2; do
    (
      end=$((SECONDS + 32))
      while [ $SECONDS -lt $end ]; do
        curl -s -o /dev/null -w "hard search $i: %{http_code} in %{time_total} s\n" "${url}api/solve" -H "content-type: application/json" \
          -d '{"start": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "goal": "blank-first", "algorithm": "astar", "heuristic": "manhattan"}' || true
      done
    ) &
    pids+=("$!")
  done
  sleep 1
  cat "$scratch/count.lua" >"$scratch/easy.lua"
  cat >>"$scratch/easy.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.body = '{"start": "8 1 3 4 0 2 7 6 5", "algorithm": "astar", "heuristic": "manhattan"}'
function delay() return 200 end
LUA
  wrk -t 2 -c 28 -d 30s --timeout 10s -s "$scratch/easy.lua" "${url}api/solve"
  wait "${pids[@]:1}" 2>/dev/null || true
}

generate() {
  echo "== generate: 600 connections rotating six goals and sizes, 20 s; an easy solve timed every 200 ms"
  cat "$scratch/count.lua" >"$scratch/gen.lua"
  cat >>"$scratch/gen.lua" <<'LUA'
local paths = {
  "/api/generate?size=3x3&goal=blank-last&depth=20",
  "/api/generate?size=3x3&goal=snail&depth=20",
  "/api/generate?size=3x3&goal=blank-first&depth=20",
  "/api/generate?size=2x4&goal=snail&depth=15",
  "/api/generate?size=4x2&goal=blank-first&depth=15",
  "/api/generate?size=4x4&goal=blank-last&depth=40",
}
local n = 0
function request()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
LUA
  (
    end=$((SECONDS + 20))
    while [ $SECONDS -lt $end ]; do
      curl -s -o /dev/null -w "%{time_total}\n" "${url}api/solve" -H "content-type: application/json" -d '{"start": "8 1 3 4 0 2 7 6 5"}' || true
      sleep 0.2
    done >"$scratch/solve-times"
  ) &
  pids+=("$!")
  (
    peak=0; threads=0
    end=$((SECONDS + 20))
    while [ $SECONDS -lt $end ]; do
      rss=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
      t=$(ls "/proc/$server/task" | wc -l)
      [ "$rss" -gt "$peak" ] && peak=$rss
      [ "$t" -gt "$threads" ] && threads=$t
      sleep 0.2
    done
    echo "server peak RSS $((peak / 1024)) MiB, peak threads $threads" >"$scratch/rss"
  ) &
  pids+=("$!")
  wrk -t 2 -c 600 -d 20s --timeout 10s -s "$scratch/gen.lua" "$url"
  wait "${pids[@]:1}" 2>/dev/null || true
  cat "$scratch/rss"
  sort -n "$scratch/solve-times" | awk '{a[NR]=$1} END {printf "easy solve during the run: %d requests, median %.1f ms, max %.1f ms\n", NR, a[int((NR+1)/2)]*1000, a[NR]*1000}'
  echo "server RSS after the run: $(( $(awk '/VmRSS/ {print $2}' "/proc/$server/status") / 1024 )) MiB"
}

case "$which" in
  classroom) classroom ;;
  generate) generate ;;
  all) generate; classroom ;;
  *) echo "usage: $0 [classroom|generate|all]" >&2; exit 2 ;;
esac

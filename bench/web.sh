#!/usr/bin/env bash
# Load benchmark of the guide server: /healthz (plain HTTP) beside /api/v1/ask (the answer
# path) on the same server, with wrk, in the two ways it runs:
#   log     as production runs: the query log on, SQLite (the default backend) in a
#           temporary folder, every question written;
#   no-log  with --no-log: the answer path alone.
# For each, prints requests/s and p99 of /healthz, of one repeated question (the answer
# cache hits) and of distinct questions (it misses), the server's CPU time per request,
# and ask / healthz throughput: the ratio is measured within one server run, so a busy
# machine shifts both sides (CPU per request is the steadier figure when it is busy).
#   bench/web.sh [seconds] [connections] [wrk threads] [modes...]
# Modes default to "log no-log"; VRAMGUIDE_BIN=path skips the build. Needs wrk (apt-get install -y wrk). Rate limit off.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
CONNS=${2:-64}
THREADS=${3:-2}
shift $(($# < 3 ? $# : 3))
MODES=("$@")
[ ${#MODES[@]} -gt 0 ] || MODES=(log no-log)
ADDR=127.0.0.1:${BENCH_PORT:-18181}
BIN=${VRAMGUIDE_BIN:-${CARGO_TARGET_DIR:-target}/release/vramguide}
OUT=$(mktemp -d)
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null || true
  rm -rf "$OUT"
}
trap cleanup EXIT

# VRAMGUIDE_BIN=path benchmarks a binary built elsewhere (an older commit, say).
[ -n "${VRAMGUIDE_BIN:-}" ] || cargo build --release --locked --quiet

# The server's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }

run() {
  local mode=$1 name=$2 url=$3 script=${4:-}
  local before after
  before=$(cpu_ticks)
  wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" --latency ${script:+-s "$script"} "$url" >"$OUT/$mode-$name.txt"
  after=$(cpu_ticks)
  local rps p99 n cpu
  rps=$(awk '/Requests\/sec/ {print $2}' "$OUT/$mode-$name.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$OUT/$mode-$name.txt")
  n=$(awk '/requests in/ {print $1}' "$OUT/$mode-$name.txt")
  # Server CPU per request: steadier than throughput on a machine shared with other work.
  cpu=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$n" 'BEGIN { printf "%.1f", 1e6 * t / hz / n }')
  printf '%-7s %-9s %-30s %12s req/s   p99 %-9s server CPU %s us/req\n' "$mode" "$name" "${url#http://$ADDR}" "$rps" "$p99" "$cpu"
  echo "$rps" >"$OUT/$mode-$name.rps"
}

ratio() {
  awk -v a="$(cat "$OUT/$1-$2.rps")" -v h="$(cat "$OUT/$1-healthz.rps")" -v m="$1" -v n="$2" \
    'BEGIN { printf "%-7s %-9s / healthz throughput: %.2f\n", m, n, a / h }'
}

# One server run: start, warm, measure, stop with SIGTERM (the log is drained then).
bench() {
  local mode=$1 db="$OUT/$1/log.db"
  mkdir -p "$OUT/$mode"
  local flags=(serve --addr "$ADDR" --rate-limit 0)
  if [ "$mode" = no-log ]; then
    flags+=(--no-log)
  else
    flags+=(--database-url "sqlite://$db" --data-dir "$OUT/$mode")
  fi
  "$BIN" "${flags[@]}" >/dev/null 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "http://$ADDR/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "http://$ADDR/api/v1/ask?q=llama+70b+fp16" >/dev/null
  run "$mode" healthz "http://$ADDR/healthz"
  run "$mode" ask "http://$ADDR/api/v1/ask?q=llama+70b+fp16"
  run "$mode" distinct "http://$ADDR/api/v1/ask" bench/distinct.lua
  kill -TERM "$SERVER"
  wait "$SERVER" || true
  SERVER=
  ratio "$mode" ask
  ratio "$mode" distinct
  if [ "$mode" != no-log ]; then
    # Every question answered is a row: the table against wrk's totals plus the warm-up
    # (wrk does not count the requests in flight when it stops; they are answered and
    # logged too, so rows may exceed its count, never fall short of it).
    local asked rows
    asked=$(cat "$OUT/$mode-ask.txt" "$OUT/$mode-distinct.txt" | awk '/requests in/ {n += $1} END {print n + 1}')
    rows=$("$BIN" stats --json --database-url "sqlite://$db" --data-dir "$OUT/$mode" 2>/dev/null |
      grep -o '"total": *[0-9]*' | grep -o '[0-9]*$' || echo '?')
    echo "$mode     rows in the log after SIGTERM: $rows; questions wrk saw answered: $asked"
  fi
}

echo "wrk -t$THREADS -c$CONNS -d${SECS}s on $(nproc) cores; modes: ${MODES[*]}"
for mode in "${MODES[@]}"; do
  bench "$mode"
done

#!/usr/bin/env bash
# The attacks of issues 16 and 27 against a release build of the guide server, with what
# each costs now. For each attack of issue 27: inbound requests, outbound Hub requests,
# Hub cache rows, peak RSS, /healthz latency (worst of a probe every 0.5 s).
#   bench/hostile.sh [sections...]      web charts caps metrics readonly hub (default: all)
# VRAMGUIDE_BIN=path runs a binary built elsewhere and skips the release build (the debug
# build, target/debug/vramguide, gives the same bounds with slower figures). Needs curl,
# python3 (to hold sockets from several loopback addresses) and sqlite3. The hostile Hub
# is examples/fake_hub.rs (debug build: its speed is not measured). Hub bytes are not
# counted: the fake counts requests only.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${BENCH_PORT:-18182}
ADDR=127.0.0.1:$PORT
SECTIONS=("$@")
[ ${#SECTIONS[@]} -gt 0 ] || SECTIONS=(web charts caps metrics readonly hub)
OUT=$(mktemp -d)
SERVER=
FAKE=
PROBE=
cleanup() {
  for p in $SERVER $FAKE $PROBE; do kill "$p" 2>/dev/null || true; done
  rm -rf "$OUT"
}
trap cleanup EXIT

TARGET=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[ -n "${VRAMGUIDE_BIN:-}" ] || cargo build --release --locked --quiet
BIN=${VRAMGUIDE_BIN:-$TARGET/release/vramguide}
echo "binary: $BIN"

wants() { [[ " ${SECTIONS[*]} " == *" $1 "* ]]; }

# Start the server with these options after `serve --addr`; wait for /healthz.
start() {
  "$BIN" serve --addr "$ADDR" "$@" >"$OUT/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "http://$ADDR/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start:"; cat "$OUT/server.log"; exit 1
}
stop() { kill -TERM "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; SERVER=; }
field() { awk -v f="$1" '$1 == f { print $2 }' "/proc/$SERVER/status"; }
rss() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$SERVER/status"; }
peak() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$SERVER/status"; }
fds() { ls "/proc/$SERVER/fd" | wc -l; }

# /healthz every 0.5 s in the background; `probe_end` prints the worst latency.
probe_start() {
  : >"$OUT/health"
  (while :; do
    curl -s -o /dev/null -m 20 -w '%{http_code} %{time_total}\n' "http://$ADDR/healthz" >>"$OUT/health" || echo "000 20" >>"$OUT/health"
    sleep 0.5
  done) &
  PROBE=$!
}
probe_end() {
  kill "$PROBE" 2>/dev/null || true
  wait "$PROBE" 2>/dev/null || true
  PROBE=
  sort -k2 -n "$OUT/health" | tail -1 | awk '{ printf "%.0f ms (%s)", $2 * 1000, $1 }'
}

# Send the URLs listed in file $2 (one a line) over $1 connections at once, again and
# again for $3 seconds; prints the count of each status (`inbound` then says how many).
burst() {
  local conns=$1 list=$2 secs=$3 end=$((SECONDS + $3))
  awk '{ printf "url = \"%s\"\noutput = \"/dev/null\"\n", $0 }' "$list" >"$OUT/curl.cfg"
  : >"$OUT/codes"
  while [ $SECONDS -lt $end ]; do
    timeout -s INT $((end - SECONDS)) stdbuf -oL curl -s -Z --parallel-max "$conns" \
      --parallel-immediate -m 30 -K "$OUT/curl.cfg" -w '%{http_code}\n' >>"$OUT/codes" 2>/dev/null || true
  done
  # A transfer cut by the deadline writes 000: not an answer.
  sed -i '/^000$/d' "$OUT/codes"
  sort "$OUT/codes" | uniq -c | awk '{ printf "%s x %s  ", $1, $2 }'
}

inbound() { wc -l <"$OUT/codes"; }

# Hold $2 idle sockets from each of the addresses in $1 (comma-separated) until killed.
hold() {
  python3 - "$1" "$2" "$PORT" <<'PY' &
import socket, sys, time
held = []
for src in sys.argv[1].split(","):
    for _ in range(int(sys.argv[2])):
        s = socket.socket()
        s.bind((src, 0))
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", int(sys.argv[3])))
        except BlockingIOError:
            pass
        held.append(s)
time.sleep(600)
PY
  HOLDER=$!
  sleep 1
}

if wants web; then
# The issue-16 attacks: the server runs with --rate-limit 0 --no-log --max-connections 100
# --idle-timeout 2 (short, so the run takes seconds; the defaults are 256 and 10 s).
start --rate-limit 0 --no-log --max-connections 100 --idle-timeout 2

# Median of 9 timed requests (after one warm-up): "status milliseconds".
median() {
  curl -s -o /dev/null "$@" || true
  for _ in $(seq 9); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$@"
  done | sort -k2 -n | sed -n 5p | awk '{ printf "%s in %.2f ms", $1, $2 * 1000 }'
}

echo "== redirects (/lang?next=...)"
for next in /%09/evil.example //evil.example /%5Cevil.example /%0d%0aX:1 /.//evil.example '%2Fask%3Fq%3Dllama'; do
  loc=$(curl -s -o /dev/null -w '%{http_code} %header{location}' "http://$ADDR/lang?set=pt&next=$next")
  printf '  %-22s -> %s\n' "$next" "$loc"
done

echo "== 60,000-character values"
LONG=$(head -c 60000 /dev/zero | tr '\0' a)
echo "  normal estimate          $(median "http://$ADDR/api/v1/estimate?model=llama-3.1-8b")"
echo "  /healthz?pad=60k         $(median "http://$ADDR/healthz?pad=$LONG")  (sending 60 KB, no work)"
echo "  estimate?model=60k       $(median "http://$ADDR/api/v1/estimate?model=$LONG")"
echo "  estimate?gpu=60k         $(median "http://$ADDR/api/v1/estimate?model=llama-3.1-8b&gpu=$LONG")"
echo "  api compare, a 60k name  $(median "http://$ADDR/api/v1/compare?gpus=rtx-4090,$LONG")"
echo "  /compare page, 60k name  $(median "http://$ADDR/compare?gpus=rtx-4090,$LONG")"
MANY=$(printf 'rtx-4090,%.0s' $(seq 1000))
echo "  api compare, 1,000 GPUs  $(median "http://$ADDR/api/v1/compare?gpus=$MANY"), $(curl -s "http://$ADDR/api/v1/compare?gpus=$MANY" | wc -c) bytes"

echo "== errors"
for path in '/api/v1/ask?q=a&q=b' '/api/v1/guide/%ff' '/lang?next=/%0a'; do
  printf '  %-22s -> %s\n' "$path" "$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "http://$ADDR$path")"
done

echo "== 300 idle sockets (cap 100, idle timeout 2 s)"
before=$(fds)
socks=()
for _ in $(seq 300); do exec {fd}<>"/dev/tcp/127.0.0.1/$PORT"; socks+=("$fd"); done
sleep 0.5
during=$(fds)
health=$(curl -s -o /dev/null -m 15 -w '%{http_code} in %{time_total} s' "http://$ADDR/healthz")
start=$(date +%s.%N)
while [ "$(fds)" -gt $((before + 1)) ]; do sleep 0.1; done
closed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
for fd in "${socks[@]}"; do exec {fd}>&-; done
echo "  server fds $before -> $during with 300 sockets open; /healthz $health; all closed $closed s later"

echo "== RSS, 2,000 requests with a different 64 KiB Accept-Language and question each"
PAD=$(printf 'ab-cd;q=0.5,%.0s' $(seq 5400))
before=$(rss)
start=$(date +%s)
for w in 0 1 2 3; do
  for i in $(seq "$w" 4 1999); do
    curl -s -o /dev/null -H "accept-language: x-$i,$PAD" "http://$ADDR/api/v1/ask?q=llama+$((i % 997))b+fp16&lang=pt-$i"
  done &
done
wait $(jobs -p | grep -v "^$SERVER$") 2>/dev/null || true
echo "  RSS $before MiB -> $(rss) MiB in $(( $(date +%s) - start )) s"
stop
fi


# One line per attack of issue 27.
report() {
  printf '  %-44s inbound %6s | Hub requests %6s | cache rows %5s | peak RSS %4s MiB | /healthz worst %s\n' \
    "$1" "$2" "$3" "$4" "$(peak)" "$5"
}

if wants charts; then
echo "== charts: 64 clients on /chart.png for 10 s (rate limit and per-address cap off: one loopback address)"
start --rate-limit 0 --no-log --max-connections-per-ip 0
# Every URL a different chart (the context is in its subtitle): 100,000 of them.
awk -v a="$ADDR" 'BEGIN { for (i = 0; i < 100000; i++) printf "http://%s/chart.png?q=llama+70b+fp16+%d+tokens&lang=pt\n", a, 1000 + i }' >"$OUT/charts.txt"
base=$(rss)
probe_start
codes=$(burst 64 "$OUT/charts.txt" 10)
health=$(probe_end)
echo "  statuses: $codes"
report "distinct charts (64 clients, 10 s)" "$(inbound)" - - "$health"
echo "  RSS $base MiB before, $(rss) MiB at the end, threads $(field Threads:)"
sleep 10
echo "  RSS 10 s later: $(rss) MiB"
for _ in $(seq 640); do echo "http://$ADDR/chart.png?q=llama+70b+fp16+on+2x+rtx-4090"; done >"$OUT/same.txt"
probe_start
codes=$(burst 64 "$OUT/same.txt" 10)
health=$(probe_end)
echo "  statuses: $codes"
report "one chart asked again and again (cache)" "$(inbound)" - - "$health"
curl -s "http://$ADDR/metrics" | grep -E '^vramguide_(charts|chart_cache)' | sed 's/^/  /'
stop
fi

if wants caps; then
echo "== connections: per-address cap 32 (default), global cap 256 (default), idle timeout 10 s"
start --rate-limit 0 --no-log
hold 127.0.0.1 300
t1=$(curl -s -o /dev/null -m 20 -w '%{time_total}' "http://$ADDR/healthz")
t2=$(curl -s -o /dev/null -m 20 --interface 127.0.0.2 -w '%{time_total}' "http://$ADDR/api/v1/models")
echo "  one address holding 300 idle sockets: server fds $(fds); /healthz from it $(awk -v t="$t1" 'BEGIN { printf "%.0f", t * 1000 }') ms; /api/v1/models from another $(awk -v t="$t2" 'BEGIN { printf "%.0f", t * 1000 }') ms"
kill "$HOLDER"; wait "$HOLDER" 2>/dev/null || true
sleep 11
addrs=$(seq -s, -f '127.0.0.%g' 2 41)
hold "$addrs" 8
t1=$(curl -s -o /dev/null -m 20 --interface 127.0.0.99 -w '%{http_code} %{time_total}' "http://$ADDR/healthz")
t2=$(curl -s -o /dev/null -m 20 --interface 127.0.0.99 -w '%{http_code}' "http://$ADDR/api/v1/models")
echo "  40 addresses x 8 idle sockets (320, cap 256): server fds $(fds); /healthz $(echo "$t1" | awk '{ printf "%s in %.0f ms", $1, $2 * 1000 }'); /api/v1/models $t2 (503 on the reserve, or served)"
kill "$HOLDER"; wait "$HOLDER" 2>/dev/null || true
stop
fi

if wants metrics; then
echo "== /metrics"
start --rate-limit 0 --no-log
for _ in $(seq 100); do echo "http://$ADDR/metrics"; done >"$OUT/metrics.txt"
echo "  100 scrapes at once: $(burst 16 "$OUT/metrics.txt" 1)"
stop
start --rate-limit 0 --no-log --metrics off
echo "  --metrics off: $(curl -s -o /dev/null -w '%{http_code}' "http://$ADDR/metrics")"
stop
start --rate-limit 0 --no-log --metrics 127.0.0.1:$((PORT + 1))
echo "  --metrics 127.0.0.1:$((PORT + 1)): site $(curl -s -o /dev/null -w '%{http_code}' "http://$ADDR/metrics"), own address $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((PORT + 1))/metrics")"
stop
fi

if wants readonly; then
echo "== a read-only database under load: 64 clients on /api/v1/ask for 20 s, --log-queue 5000"
DB="$OUT/ro/log.db"
mkdir -p "$OUT/ro"
start --rate-limit 0 --database-url "sqlite://$DB" --hash-key k
for i in $(seq 100); do curl -s -o /dev/null "http://$ADDR/api/v1/ask?q=qwen+${i}b+fp16"; done
stop
committed=$(sqlite3 "$DB" 'SELECT count(*) FROM query_log')
awk -v a="$ADDR" 'BEGIN { for (i = 0; i < 20000; i++) printf "http://%s/api/v1/ask?q=llama+%db+fp16+%d+tokens\n", a, 1 + i % 90, 1000 + i }' >"$OUT/asks.txt"
start --rate-limit 0 --max-connections-per-ip 0 --database-url "sqlite://$DB?mode=ro" --hash-key k --log-queue 5000
base=$(rss)
probe_start
codes=$(burst 64 "$OUT/asks.txt" 20)
health=$(probe_end)
echo "  statuses: $codes"
m=$(curl -s "http://$ADDR/metrics")
get() { echo "$m" | awk -v n="$1" '$1 == n { print $2 }'; }
report "read-only database" "$(inbound)" - - "$health"
echo "  RSS $base -> $(rss) MiB; in memory $(get vramguide_query_log_queue_depth), spilled $(get vramguide_query_log_spilled_rows), dropped $(get vramguide_query_log_dropped_rows), failed writes $(get vramguide_query_log_write_errors)"
dropped=$(get vramguide_query_log_dropped_rows)
# Answered questions as the server counted them (a request cut at the deadline by the
# client was still answered and logged).
answered=$(echo "$m" | awk '/^vramguide_answers_total/ { n += $2 } END { print n + 0 }')
stop
start --rate-limit 0 --database-url "sqlite://$DB" --hash-key k
sleep 2
stop
echo "  rows: $committed committed before; $(sqlite3 "$DB" 'SELECT count(*) FROM query_log') after a writable start (expected $((committed + answered - dropped)): $answered answered, $dropped dropped)"
fi

if wants hub; then
echo "== a hostile Hub (examples/fake_hub.rs), the query log on (hub_cache counted)"
cargo build --locked --quiet --example fake_hub
"$TARGET/debug/examples/fake_hub" "$OUT/hub-requests" >"$OUT/fake.url" &
FAKE=$!
for _ in $(seq 100); do [ -s "$OUT/fake.url" ] && break; sleep 0.1; done
HUB=$(head -1 "$OUT/fake.url")
DB="$OUT/hub/log.db"
mkdir -p "$OUT/hub"
HF_ENDPOINT=$HUB start --database-url "sqlite://$DB" --hash-key k
hub() { sleep 0.3; cat "$OUT/hub-requests"; }
rows() { sqlite3 "$DB" 'SELECT count(*) FROM hub_cache'; }
h0=$(hub)
probe_start
for i in $(seq 0 199); do
  curl -s -o /dev/null --interface "127.0.0.$((2 + i % 20))" "http://$ADDR/api/v1/ask?q=madeup$i/model-${i}b+fp16" &
  [ $((i % 20)) -eq 19 ] && wait $(jobs -p | grep -vE "^($SERVER|$FAKE|$PROBE)$") 2>/dev/null || true
done
health=$(probe_end)
report "200 made-up ids from 20 addresses" 200 $(($(hub) - h0)) "$(rows)" "$health"
h0=$(hub)
probe_start
for _ in $(seq 30); do curl -s -o /dev/null "http://$ADDR/api/v1/ask?q=org/tiny+fp16" & done
wait $(jobs -p | grep -vE "^($SERVER|$FAKE|$PROBE)$") 2>/dev/null || true
health=$(probe_end)
report "30 concurrent asks for one new id" 30 $(($(hub) - h0)) "$(rows)" "$health"
h0=$(hub)
probe_start
took=$(curl -s -o /dev/null -m 30 -w '%{time_total}' "http://$ADDR/api/v1/ask?q=evil/shards+fp16")
health=$(probe_end)
report "an index of 300,000 shards (${took} s)" 1 $(($(hub) - h0)) "$(rows)" "$health"
page=$(curl -s "http://$ADDR/ask?q=evil/echo+fp16"; curl -s "http://$ADDR/ask?q=evil/echo")
echo "  ESC or U+202E from a Hub model_type in the page: $(printf '%s' "$page" | grep -c $'\x1b\|\xe2\x80\xae' || true) lines"
stop
fi

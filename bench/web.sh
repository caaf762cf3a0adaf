#!/usr/bin/env bash
# Load benchmark of the guide server: /healthz (plain HTTP) beside /api/v1/ask (the answer
# path) on the same run, with wrk. Prints requests/s and p99 for both and their ratio.
#   bench/web.sh [seconds] [connections] [wrk threads]
# Needs wrk (apt-get install -y wrk). The server runs with --rate-limit 0 and --no-log.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
CONNS=${2:-64}
THREADS=${3:-2}
ADDR=127.0.0.1:${BENCH_PORT:-18181}

cargo build --release --locked --quiet
./target/release/vramguide serve --addr "$ADDR" --rate-limit 0 --no-log >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://$ADDR/healthz" >/dev/null && break; sleep 0.1; done

run() {
  local name=$1 url=$2 script=${3:-}
  wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" --latency ${script:+-s "$script"} "$url" >"/tmp/wrk-$name.txt"
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' "/tmp/wrk-$name.txt")
  p99=$(awk '$1 == "99%" {print $2}' "/tmp/wrk-$name.txt")
  printf '%-9s %-30s %12s req/s   p99 %s\n' "$name" "${url#http://$ADDR}" "$rps" "$p99"
  echo "$rps" >"/tmp/wrk-$name.rps"
}

echo "wrk -t$THREADS -c$CONNS -d${SECS}s on $(nproc) cores"
curl -sf "http://$ADDR/api/v1/ask?q=llama+70b+fp16" | head -c 120; echo " ..."
run healthz "http://$ADDR/healthz"
run ask "http://$ADDR/api/v1/ask?q=llama+70b+fp16"
run distinct "http://$ADDR/api/v1/ask" bench/distinct.lua
ask=$(cat "/tmp/wrk-ask.rps"); health=$(cat /tmp/wrk-healthz.rps); distinct=$(cat /tmp/wrk-distinct.rps)
awk -v a="$ask" -v h="$health" 'BEGIN { printf "ask / healthz throughput: %.0f%%\n", 100 * a / h }'
awk -v a="$distinct" -v h="$health" 'BEGIN { printf "distinct ask / healthz throughput: %.0f%%\n", 100 * a / h }'

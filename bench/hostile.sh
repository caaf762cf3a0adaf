#!/usr/bin/env bash
# The attacks of issue 16 against a release build of the guide server, with what each
# costs now: open redirects, idle sockets past the connection cap, 60,000-character
# values, a 1,000-GPU comparison, and RSS after 2,000 requests with 64 KiB headers.
#   bench/hostile.sh
# Needs curl. The server runs with --rate-limit 0 --no-log --max-connections 100
# --idle-timeout 2 (short, so the run takes seconds; the defaults are 256 and 10 s).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${BENCH_PORT:-18182}
ADDR=127.0.0.1:$PORT

cargo build --release --locked --quiet
TARGET=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
"$TARGET/release/vramguide" serve --addr "$ADDR" --rate-limit 0 --no-log \
  --max-connections 100 --idle-timeout 2 >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://$ADDR/healthz" >/dev/null && break; sleep 0.1; done

# Median of 9 timed requests (after one warm-up): "status milliseconds".
median() {
  curl -s -o /dev/null "$@" || true
  for _ in $(seq 9); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$@"
  done | sort -k2 -n | sed -n 5p | awk '{ printf "%s in %.2f ms", $1, $2 * 1000 }'
}
rss() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$SERVER/status"; }
fds() { ls "/proc/$SERVER/fd" | wc -l; }

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

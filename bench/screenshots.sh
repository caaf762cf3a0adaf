#!/usr/bin/env bash
# Phone-width screenshots of an answer page in each language, one answer's chart PNG, the
# README's two pictures and the Discord what-if sequence, for docs/: headless Chromium at
# 390 px wide against a local guide server, and the bot's answers through
# examples/discord_preview.rs.
#   bench/screenshots.sh            # builds the debug binary, writes docs/*.png
# VRAMGUIDE_BIN=path uses a binary built elsewhere; CHROMIUM=path another browser.
# Needs chromium (apt-get install -y chromium) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
ADDR=127.0.0.1:${SHOT_PORT:-18282}
BIN=${VRAMGUIDE_BIN:-${CARGO_TARGET_DIR:-target}/debug/vramguide}
CHROMIUM=${CHROMIUM:-chromium}
PROFILE=$(mktemp -d)
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null || true
  rm -rf "$PROFILE"
}
trap cleanup EXIT

[ -n "${VRAMGUIDE_BIN:-}" ] || cargo build --locked --quiet --bin vramguide
"$BIN" serve --addr "$ADDR" --rate-limit 0 --no-log >/dev/null 2>&1 &
SERVER=$!
for _ in $(seq 50); do curl -fs "http://$ADDR/healthz" >/dev/null && break; sleep 0.2; done

# One question per language, as people ask them (the README's examples).
declare -A QUESTIONS=(
  [en]="can we run llama 3.1 70b in fp16 on 2x 4090?"
  [pt]="dá pra rodar llama 3.1 70b em q4_k_m numa 4090?"
  [es]="¿cabe mixtral 8x7b en dos 3090 en 4 bits?"
  [zh]="两张4090能跑70B的llama吗,4bit量化"
)
urlencode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote_plus(sys.argv[1]))' "$1"; }

for lang in en pt es zh; do
  q=$(urlencode "${QUESTIONS[$lang]}")
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$PROFILE" --window-size=390,844 \
    --screenshot="docs/screenshot-web-$lang.png" "http://$ADDR/ask?q=$q&lang=$lang" 2>/dev/null
  echo "docs/screenshot-web-$lang.png"
done
# The Open Graph image of the Portuguese page (link previews; the bot attaches the chart's
# compact Discord layout instead).
curl -fs "http://$ADDR/chart.png?q=$(urlencode "${QUESTIONS[pt]}")&lang=pt" -o docs/chart-pt.png
echo docs/chart-pt.png
# The README's web picture: the first screen of the English answer.
cp docs/screenshot-web-en.png docs/screenshot-web.png
echo docs/screenshot-web.png

# Discord at 390 px: the answer as the bot posts it (one phone screen, 844 px), then the
# what-if flow: ask, open the format menu (which formats fit), pick one (the answer is redrawn
# in place), open the full breakdown's card-and-count menu (scrolled down to the menus, under
# the breakdown's text). Taller windows show open menus.
shot_discord() {
  local out=$1 height=$2; shift 2
  cargo run --locked --quiet --example discord_preview -- "$@" >"$PROFILE/embed.html"
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$PROFILE" --window-size=390,"$height" --virtual-time-budget=2000 \
    --screenshot="$out" "$PROFILE/embed.html" 2>/dev/null
  echo "$out"
}
shot_discord docs/screenshot-discord.png 844 "${QUESTIONS[pt]}"
WHAT_IF="can I run qwen3 32b in fp8 on a 4090?"
shot_discord docs/discord-what-if-1-ask.png 844 "$WHAT_IF"
shot_discord docs/discord-what-if-2-format-menu.png 1400 "$WHAT_IF" open=0
shot_discord docs/discord-what-if-3-picked.png 844 "$WHAT_IF" precision=q4_k_m
shot_discord docs/discord-what-if-4-cards.png 1200 "$WHAT_IF" precision=q4_k_m full open=3 \
  scrolled

#!/usr/bin/env bash
# The first view of Discord answers on a 390 px phone, measured: each question rendered by
# examples/discord_preview.rs (the mock docs/screenshot-discord.png is taken from), laid out
# by headless Chromium 390 px wide, and the bot's message (name, embed, chart, rows under it)
# measured in CSS px. tests/it/discord_phone.rs holds the budget (700 px) and estimates the
# same heights without a browser; this checks that estimate.
#   bench/discord_height.sh                       # the common questions
#   bench/discord_height.sh "qwen3 32b on a 3090?" precision=fp8   # one question, with picks
# Needs chromium (apt-get install -y chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM=${CHROMIUM:-chromium}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cargo build --locked --quiet --example discord_preview
PREVIEW=${CARGO_TARGET_DIR:-target}/debug/examples/discord_preview

measure() {
  "$PREVIEW" "$@" >"$WORK/e.html"
  # Headless Chromium lays a --dump-dom page out at least 500 px wide: the page is held to
  # 390 px instead, which is what the phone gives it.
  cat >>"$WORK/e.html" <<'JS'
<style>html { width: 390px }</style>
<script>
addEventListener('load', () => {
  const h = (e) => Math.round(e.getBoundingClientRect().height);
  const bot = document.querySelectorAll('.msg')[1];
  const chart = document.querySelector('.chart');
  document.body.dataset.m = `${h(bot)} px (embed ${h(document.querySelector('.embed'))}, chart ${chart ? h(chart) : 0})`;
});
</script>
JS
  local m
  m=$("$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$WORK/profile" --window-size=390,844 --dump-dom "$WORK/e.html" 2>/dev/null |
    grep -o 'data-m="[^"]*"' | cut -d'"' -f2)
  echo "$m  $*"
}

if [ $# -gt 0 ]; then
  measure "$@"
  exit
fi
# The questions of tests/it/discord_phone.rs (COMMON).
while IFS= read -r q; do
  measure "$q"
done < <(sed -n '/^const COMMON/,/^];/p' tests/it/discord_phone.rs | grep -o '"[^"]*"' | tr -d '"')

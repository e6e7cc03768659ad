#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no Playwright browser download works here). Install it, and a
# CJK font so Chinese and Japanese screenshots are legible, when missing and we are root; otherwise say
# what to do.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
font_missing() { ! fc-list 2>/dev/null | grep -qi -E 'wqy|noto sans cjk'; }
if [ -x "$bin" ] && ! font_missing; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium and a CJK font for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  exit 0
fi
if [ -x "$bin" ]; then
  echo "No CJK font found: Chinese screenshots will show boxes (apt-get install fonts-wqy-microhei)." >&2
  exit 0
fi
echo "Browser tests need Chromium at $bin: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1

#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no Playwright browser download works here). Install it when
# missing and we are root; otherwise say what to do.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $bin: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1

#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell; Lighthouse, the benchmarks and the screenshots drive Debian's
# Chromium (no browser can be downloaded on our machines; decision 0026).
set -euo pipefail
source "$(dirname "$0")/lib/ensure-debian-package.sh"
ensure_debian_package Chromium 'the browser tests' 'command -v chromium && command -v chromium-headless-shell' \
  chromium chromium-headless-shell fonts-liberation

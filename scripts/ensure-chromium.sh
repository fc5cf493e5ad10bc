#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser can be downloaded on our machines).
set -euo pipefail
source "$(dirname "$0")/lib/ensure-debian-package.sh"
ensure_debian_package Chromium 'the browser tests' 'command -v chromium' chromium fonts-liberation

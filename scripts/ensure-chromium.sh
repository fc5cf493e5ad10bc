#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser can be downloaded on our machines).
# Installs the package with apt-get when it is missing and we are root; otherwise says what to do.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: install Debian's package (sudo apt-get install -y chromium) and run the tests again." >&2
  exit 1
fi
echo "Installing Debian's chromium package for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
command -v chromium >/dev/null

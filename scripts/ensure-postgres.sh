#!/usr/bin/env bash
# The PostgreSQL tests and the load benchmark start a private cluster with Debian's PostgreSQL tools.
# Installs the package with apt-get when it is missing and we are root; otherwise says what to do.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "PostgreSQL is missing: install Debian's package (sudo apt-get install -y postgresql) and run again." >&2
  exit 1
fi
echo "Installing Debian's postgresql package for the PostgreSQL tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql >/dev/null
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null

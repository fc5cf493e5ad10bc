#!/usr/bin/env bash
# The PostgreSQL tests and the load benchmark start a private cluster with Debian's PostgreSQL tools.
set -euo pipefail
source "$(dirname "$0")/lib/ensure-debian-package.sh"
ensure_debian_package PostgreSQL 'the PostgreSQL tests' "compgen -G '/usr/lib/postgresql/*/bin/initdb'" postgresql

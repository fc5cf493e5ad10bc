#!/usr/bin/env bash
# `bash scripts/cpu-of.sh COMMAND [ARGUMENTS…]`: runs the command in a CPU-accounting cgroup of its own and prints, as
# the last line on stderr, its wall time and the user and kernel CPU of everything it started. Unlike `time`, this
# counts processes that no waiting parent reaps: Chromium's renderers, a PostgreSQL cluster, a server started in the
# background (decisions 0026 and 0027 were measured with it). Needs root and cgroup v1's cpuacct controller, as our
# machines have; exits with the command's status.
set -uo pipefail
root=/sys/fs/cgroup/cpuacct
if [ ! -w "$root" ]; then
  echo "cpu-of: needs root and a writable $root (cgroup v1's cpuacct controller)" >&2
  exit 2
fi
group="$root/cpu-of-$$"
mkdir "$group"
start=$(date +%s%N)
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' cpu-of "$group" "$@"
status=$?
end=$(date +%s%N)
# Processes the command left behind still count until they end (up to 5 s).
for _ in $(seq 50); do [ -s "$group/cgroup.procs" ] || break; sleep 0.1; done
awk -v wall="$(( (end - start) / 1000000 ))" -v user="$(cat "$group/cpuacct.usage_user")" \
  -v sys="$(cat "$group/cpuacct.usage_sys")" -v left="$(wc -l < "$group/cgroup.procs")" 'BEGIN {
    printf "cpu-of: wall %.1f s, user %.1f s, sys %.1f s, total %.1f s, %d processes left running\n",
      wall / 1000, user / 1e9, sys / 1e9, (user + sys) / 1e9, left
  }' >&2
while read -r pid; do echo "$pid" > "$root/cgroup.procs"; done < "$group/cgroup.procs"
rmdir "$group"
exit $status

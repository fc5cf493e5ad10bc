# Sourced by scripts/test.sh and scripts/test-fast.sh: the tests' temporary files (each test app's database, the
# private PostgreSQL cluster, Chromium's profiles, content repositories) go to a folder of their own on tmpfs when the
# machine has one with room, removed at the end. On ext4, creating a file soon after others were deleted costs a scan
# for an inode not recently freed: a PostgreSQL test database made and dropped took 380 ms of kernel time there,
# against 14 ms on tmpfs (docs/decisions/0027-test-files-in-memory.md). TMPDIR set by the caller is kept. A script's
# EXIT trap calls remove_memory_temporary_folder.
memory_temporary_folder=
use_memory_for_temporary_files() {
  [ -z "${TMPDIR:-}" ] || return 0
  [ -d /dev/shm ] && [ -w /dev/shm ] || return 0
  # At least 4 GB free: the PostgreSQL pass's cluster and a browser's profiles stay well under it.
  [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 4000000 ] || return 0
  TMPDIR=$(mktemp -d /dev/shm/northbeam-tests-XXXXXX)
  # Like /tmp: the cluster's own user (postgres, when we are root) makes its folder here too.
  chmod 1777 "$TMPDIR"
  export TMPDIR
  memory_temporary_folder=$TMPDIR
}
remove_memory_temporary_folder() {
  [ -z "$memory_temporary_folder" ] || rm -rf "$memory_temporary_folder"
}

# Sourced by scripts/ensure-*.sh: the tests use tools from Debian's packages (nothing is downloaded by hand).
# ensure_debian_package NAME PURPOSE CHECK PACKAGE...: returns at once when the command CHECK succeeds; otherwise
# installs the packages with apt-get when we are root, or says what to do and fails.
ensure_debian_package() {
  local name=$1 purpose=$2 check=$3
  shift 3
  if eval "$check" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "$name is missing: install Debian's package (sudo apt-get install -y $1) and run again." >&2
    exit 1
  fi
  echo "Installing Debian's $1 package for $purpose..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  eval "$check" >/dev/null
}

#!/usr/bin/env bash
# Installs a Debian package that a test suite needs, when its program is missing:
#   install-debian-package.sh <label> <program path or name> <package...>
# The machines reach the Debian and npm registries only, so a suite's outside program
# (the browser, the Java runtime of the HTML checker) comes from apt, never a download.
# Without apt-get, root or sudo, it says so and the suite counts its tests as skipped.
set -u
label="$1"; program="$2"; shift 2
if [ -x "$program" ] || command -v "$program" >/dev/null 2>&1; then
  echo "$label: found ($program)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$label: $program not found and apt-get is unavailable; its suite will skip"
  exit 0
fi
sudo=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo -n"; else
    echo "$label: $program not found and not root; install the Debian package(s) '$*' to run its suite"
    exit 0
  fi
fi
echo "$label: installing Debian's $* (about a minute)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null 2>&1 || true
if $sudo apt-get install -y -qq "$@" >/dev/null 2>&1; then
  echo "$label: installed"
else
  echo "$label: installation failed; its suite will skip"
fi
exit 0

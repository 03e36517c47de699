#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end suite when it is missing.
# We never download a browser build of our own (no network but the registries):
# Playwright drives the distribution's binary at /usr/bin/chromium (or CHROME_PATH).
set -u
path="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then
  echo "chromium: found at $path"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found and apt-get is unavailable; the end-to-end suite will skip"
  exit 0
fi
sudo=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo -n"; else
    echo "chromium: not found and not root; install the 'chromium' package to run the end-to-end suite"
    exit 0
  fi
fi
echo "chromium: installing Debian's chromium package (about a minute)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null 2>&1 || true
if $sudo apt-get install -y -qq chromium fonts-liberation >/dev/null 2>&1; then
  echo "chromium: installed at $(command -v chromium)"
else
  echo "chromium: installation failed; the end-to-end suite will skip"
fi
exit 0

#!/usr/bin/env bash
# Installs the browsers of the end-to-end suite when they are missing: Debian's Chromium
# headless shell (package chromium-headless-shell, /usr/bin/chromium-headless-shell, or
# CHROME_PATH) for every spec, and Debian's whole Chromium (package chromium) for the push
# notification specs, which the shell cannot run (it never grants notifications). We never
# download a browser build of our own. The shell is Chromium without its windowing layers:
# on the 2-core machine it spends about 40 % less CPU over the same specs than the whole
# browser in its headless mode, and the suite is bound by CPU.
set -u
dir="$(dirname "$0")"
bash "$dir/install-debian-package.sh" chromium "${CHROME_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell fonts-liberation
exec bash "$dir/install-debian-package.sh" chromium "${CHROME_FULL_PATH:-/usr/bin/chromium}" chromium

#!/usr/bin/env bash
# Installs the browser of the end-to-end suite when it is missing: Debian's Chromium headless
# shell (package chromium-headless-shell, /usr/bin/chromium-headless-shell, or CHROME_PATH).
# We never download a browser build of our own. The shell is Chromium without its windowing
# layers: on the 2-core machine it spends about 40 % less CPU over the same specs than the full
# browser in its new headless mode, and the suite is bound by CPU. The benchmarks that need the
# whole browser (Lighthouse) use Debian's `chromium` package.
exec bash "$(dirname "$0")/install-debian-package.sh" chromium "${CHROME_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell fonts-liberation

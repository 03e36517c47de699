#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end suite when it is missing. We never download a
# browser build of our own: Playwright drives the distribution's binary at /usr/bin/chromium
# (or CHROME_PATH).
exec bash "$(dirname "$0")/install-debian-package.sh" chromium "${CHROME_PATH:-/usr/bin/chromium}" chromium fonts-liberation

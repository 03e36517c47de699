#!/usr/bin/env bash
# Installs a Java runtime for the W3C Nu HTML Checker (the vnu-jar package) when none is on
# the PATH.
exec bash "$(dirname "$0")/install-debian-package.sh" java java default-jre-headless

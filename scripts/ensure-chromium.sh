#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when missing (root on these machines, sudo elsewhere).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package (about 30 s)…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "Could not install chromium; install it and run again." >&2; exit 1; }

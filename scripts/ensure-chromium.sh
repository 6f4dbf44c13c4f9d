#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser); install it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Đang cài Chromium từ kho Debian…"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null

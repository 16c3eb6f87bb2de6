#!/usr/bin/env bash
# npm run start:headless — npm start on a Linux machine without a desktop keychain:
# runs it inside a private D-Bus session with an unlocked gnome-keyring (Secret
# Service), so sign-in can store its tokens. The keyring lives in a temporary folder
# and ends with the session (sign in again after a restart); the console's data
# folder (settings, the sandbox database) stays where npm start keeps it.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "start:headless: dbus-run-session and gnome-keyring-daemon are required (Debian: dbus gnome-keyring)" >&2
  exit 1
fi
export CONSOLE_DATA_DIR="${CONSOLE_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/store-console}"
cd "$(dirname "$0")/.."
exec dbus-run-session -- bash -c '
  set -euo pipefail
  keyring=$(mktemp -d)
  trap "rm -rf \"$keyring\"" EXIT
  export XDG_DATA_HOME=$keyring
  eval "$(head -c 24 /dev/urandom | base64 | gnome-keyring-daemon --daemonize --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  node scripts/start.mjs
' 2> >(grep -v "Failed to set fd limit" >&2)

#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring
# (Secret Service), so the token vault is tested against a real OS keychain.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are required (Debian: dbus gnome-keyring)" >&2
  exit 1
fi
export WITH_KEYRING_CMD="$*"
exec dbus-run-session -- bash -c '
  set -euo pipefail
  export KEYRING_HOME=$(mktemp -d)
  export XDG_DATA_HOME="$KEYRING_HOME/data"
  mkdir -p "$XDG_DATA_HOME"
  eval "$(printf ci-pass | gnome-keyring-daemon --daemonize --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK
  export KEYCHAIN_AVAILABLE=1
  npx $WITH_KEYRING_CMD
'

#!/usr/bin/env bash
# Runs a command (through npx) inside a private D-Bus session with an unlocked
# gnome-keyring (Secret Service), so the token vault is tested against a real OS keychain.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are required (Debian: dbus gnome-keyring)" >&2
  exit 1
fi
exec dbus-run-session -- bash -c '
  set -euo pipefail
  export XDG_DATA_HOME=$(mktemp -d)
  eval "$(printf ci-pass | gnome-keyring-daemon --daemonize --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  export KEYCHAIN_AVAILABLE=1
  exec npx "$@"
' with-keyring "$@" 2> >(grep -v "Failed to set fd limit" >&2)

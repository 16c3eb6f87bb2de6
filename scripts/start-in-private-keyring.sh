#!/usr/bin/env bash
# Runs its arguments (the console's start) with a private, unlocked gnome-keyring as the
# Secret Service. Run inside a new D-Bus session: scripts/start.mjs starts it as
#   dbus-run-session -- bash scripts/start-in-private-keyring.sh node scripts/start.mjs
# The keyring lives in a temporary folder with a random password and ends with the
# session, so sign-ins last until the console stops; the console's data folder
# (settings, the sandbox database) stays where it was (start.mjs passes CONSOLE_DATA_DIR).
set -euo pipefail
keyring=$(mktemp -d)
trap 'rm -rf "$keyring"' EXIT
export XDG_DATA_HOME=$keyring
eval "$(head -c 24 /dev/urandom | base64 | gnome-keyring-daemon --daemonize --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
export CONSOLE_PRIVATE_KEYRING=1
"$@"

#!/usr/bin/env bash
# npm run start:headless — npm start inside a private keyring, whatever the machine has:
# a new D-Bus session with an unlocked gnome-keyring (Secret Service) of its own, so
# sign-in can store its tokens. The keyring ends with the console (sign in again after a
# restart); the console's data folder (settings, the sandbox database) stays where npm
# start keeps it. Also works with API_URL (a real API host). `npm start` does the same by
# itself for the sandbox when the machine has no Secret Service.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/start.mjs --private-keyring

# Sourced by .ci/run (and tests/ci-node.test.ts): which Node CI accepts.
# CI runs on Node 24 (the line Electron 45 bundles). package.json's engines stays
# ">=22.12" (Electron's), but a machine with Node 22 or 23 is bootstrapped to 24.

NODE_MAJOR=24

# version_ge A B: true when dotted version A >= B.
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

# node_ok: true when `node` is on PATH and its major is NODE_MAJOR or later.
node_ok() { command -v node >/dev/null && version_ge "$(node -p process.versions.node)" "$NODE_MAJOR.0.0"; }

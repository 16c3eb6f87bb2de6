/**
 * npm run bench -- sftp-flood [--requests 300] [--connections 1000] [--rounds 3]
 *
 * Issue 26: idle SFTP connections must not hurt the API. Starts the server as `npm run
 * server` does (scripts/server.mjs on PGlite in a temporary folder: the API, and the SFTP
 * drop server as its child process), signs the sandbox admin in through the identity
 * provider, then measures the API's latency for a fixed set of requests (authenticated
 * GET /v4/accounts/me/) idle, and with `--connections` idle TCP connections held open to
 * the SFTP port by another process (from 100 loopback addresses, so the per-address cap
 * lets each address in and the cap in all is what refuses; a refused or timed-out
 * connection is opened again a second later, as a flood would). The two conditions
 * alternate over `--rounds` rounds (a busy machine's drift falls on both). Reports p50/p95
 * of each, the ratio of the p95s (goal ≤ 1.2), and what the flood got: connections held
 * open, refused, closed by the sign-in time limit.
 * Prints a table, then ONE JSON line of figures.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_CLIENT_ID } from '../shared/api';
import { argOf, pct, round, table } from './_support';

const REDIRECT_URI = 'http://127.0.0.1:53999/callback';
const GOAL_RATIO = 1.2;

interface Ready {
  type: 'ready';
  api: string;
  idp: string;
  sftp: string;
}

/** The sandbox admin's access token, by the authorization-code flow with PKCE (as the console signs in). */
async function signIn(idp: string, username: string, password: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `${idp}/v4/auth/o/authorize/?${new URLSearchParams({
    response_type: 'code',
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
  })}`;
  const form = await fetch(authorize, { redirect: 'manual' });
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(await form.text())?.[1] ?? '';
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const posted = await fetch(authorize, {
    method: 'POST',
    headers: { cookie },
    redirect: 'manual',
    body: new URLSearchParams({ ...Object.fromEntries(new URL(authorize).searchParams), csrf_token: csrf, username, password }),
  });
  const code = new URL(posted.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`sign-in gave ${posted.status}`);
  const token = await fetch(`${idp}/v4/auth/o/token/`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: CONSOLE_CLIENT_ID,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The flood, in a process of its own (its sockets and loop are not the measurer's). */
const FLOOD = `
import net from 'node:net';
const [port, count] = process.argv.slice(-2).map(Number);
let running = true, held = 0, refused = 0, timedOut = 0, settled = 0;
const sockets = new Set();
function open(i, first) {
  if (!running) return;
  const s = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.' + (2 + (i % 100)) });
  sockets.add(s);
  let greeted = false;
  s.on('error', () => {});
  s.once('data', () => { greeted = true; held++; if (first) settled++; });
  s.once('close', () => {
    sockets.delete(s);
    if (greeted) { held--; timedOut++; } else { refused++; if (first) settled++; }
    setTimeout(() => open(i, false), 1000);
  });
}
for (let i = 0; i < count; i++) open(i, true);
const report = () => process.send({ held, refused, timedOut, settled });
process.on('message', (m) => {
  if (m === 'report') report();
  if (m === 'stop') { running = false; for (const s of sockets) s.destroy(); report(); setTimeout(() => process.exit(0), 50); }
});
`;

interface FloodState {
  held: number;
  refused: number;
  timedOut: number;
  settled: number;
}

function startFlood(port: number, count: number) {
  // Its soft file limit raised to the hard one first (a 1,024 default would not hold 1,000 sockets).
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      '--input-type=module',
      '-e',
      FLOOD,
      '--',
      String(port),
      String(count),
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ask = (m: 'report' | 'stop') =>
    new Promise<FloodState>((resolve) => {
      child.once('message', (s) => resolve(s as FloodState));
      child.send(m);
    });
  return {
    child,
    /** Resolves once every connection has had its first answer (greeted or refused). */
    async settled(): Promise<FloodState> {
      for (;;) {
        const s = await ask('report');
        if (s.settled >= count) return s;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(): Promise<FloodState> {
      const s = await ask('stop');
      await new Promise((r) => child.once('exit', r));
      return s;
    },
  };
}

export default async function main(argv: string[]) {
  const requests = Number(argOf(argv, 'requests', '300'));
  const connections = Number(argOf(argv, 'connections', '1000'));
  const rounds = Number(argOf(argv, 'rounds', '3'));
  const dir = mkdtempSync(join(tmpdir(), 'bench-sftp-flood-'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'inherit' });
  console.error('starting the server (npm run server on PGlite: API + SFTP child) …');
  const server: ChildProcess = fork('scripts/server.mjs', ['--data-dir', join(dir, 'pglite')], {
    env: { ...process.env, API_PORT: '0', IDP_PORT: '0', SFTP_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      server.once('message', (m) => resolve(m as Ready));
      server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const sftpPort = Number(new URL(ready.sftp.replace(/^sftp:/, 'http:')).port);
    const token = await signIn(ready.idp, 'admin', 'sandbox-admin');
    const get = async () => {
      const t = performance.now();
      const r = await fetch(`${ready.api}/v4/accounts/me/`, { headers: { authorization: `Bearer ${token}` } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`GET /v4/accounts/me/ gave ${r.status}`);
      return performance.now() - t;
    };
    const batch = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await get());
      return out;
    };
    await batch(50); // warm-up
    const idle: number[] = [];
    const flooded: number[] = [];
    const floods: FloodState[] = [];
    const per = Math.ceil(requests / rounds);
    for (let r = 0; r < rounds; r++) {
      idle.push(...(await batch(per)));
      const flood = startFlood(sftpPort, connections);
      const at = await flood.settled();
      flooded.push(...(await batch(per)));
      const end = await flood.stop();
      floods.push({ ...end, held: Math.min(at.held, end.held) });
    }
    const p = (xs: number[], q: number) => round(pct(xs, q), 2);
    const ratio = round(pct(flooded, 95) / pct(idle, 95), 2);
    const held = Math.max(...floods.map((f) => f.held));
    const refused = floods.reduce((n, f) => n + f.refused, 0);
    const timedOut = floods.reduce((n, f) => n + f.timedOut, 0);
    table([
      ['condition', 'requests', 'p50 ms', 'p95 ms', 'SFTP connections'],
      ['idle', idle.length, p(idle, 50), p(idle, 95), 0],
      [`flooded (${connections} attempted)`, flooded.length, p(flooded, 50), p(flooded, 95), `${held} held, ${refused} refused`],
    ]);
    console.log(`p95 flooded / idle: ${ratio} (goal ≤ ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'not met'})`);
    console.log(
      JSON.stringify({
        bench: 'sftp-flood',
        requests: idle.length,
        connections,
        rounds,
        idle_p50_ms: p(idle, 50),
        idle_p95_ms: p(idle, 95),
        flooded_p50_ms: p(flooded, 50),
        flooded_p95_ms: p(flooded, 95),
        p95_ratio: ratio,
        goal_ratio: GOAL_RATIO,
        met: ratio <= GOAL_RATIO,
        sftp_held: held,
        sftp_refused: refused,
        sftp_closed_by_time_limit: timedOut,
      }),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
}

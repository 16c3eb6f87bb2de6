/**
 * npm run bench -- suite [--busy] [--skip typecheck,unit,…] [--reports]
 *
 * The test suite's own figures (issue 31): runs each stage of `npm test` as the README's
 * test command runs it (typecheck and lint at once, unit, keychain, e2e), plus one server test file
 * that boots a sandbox on its own (tests/server/me.test.ts), and times each; then reads
 * the runners' JSON reports (test-reports/unit.json, keychain.json, e2e.json) for the
 * test counts and the 20 slowest tests. Each time is measured against its limit in the
 * same run: the suite after `npm ci` at most 30 minutes, unit at most 10, e2e at most 15,
 * the one-file run at most 8 s.
 *
 * --busy    runs a process that keeps one core busy beside the stages (the issue's
 *           "passes beside a process that keeps one core busy").
 * --skip    stages to leave out (their limits are then not judged).
 * --reports only reads the reports of an earlier run (no stage is run).
 * --record  writes each unit test file's time to tests/setup/unit-durations.json, the
 *           order the unit run starts its files in (longest first: vitest.config.ts).
 *
 * Prints a table, then one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { cpus, loadavg } from 'node:os';
import { FILE_TIMES_REPORT, type FileTime } from './_unit-files';

interface Stage {
  name: string;
  cmd: string[];
  /** Limit in seconds, when the issue names one. */
  limit?: number;
  report?: string;
}

const STAGES: Stage[] = [
  // As npm test runs them: at once (scripts/run-parallel.mjs).
  { name: 'typecheck + lint + template', cmd: ['node', 'scripts/run-parallel.mjs', 'typecheck', 'lint', 'format:check', 'test:template'] },
  { name: 'unit', cmd: ['npm', 'run', 'test:unit'], limit: 10 * 60, report: 'test-reports/unit.json' },
  { name: 'keychain', cmd: ['npm', 'run', 'test:keychain'], report: 'test-reports/keychain.json' },
  { name: 'e2e', cmd: ['npm', 'run', 'test:e2e'], limit: 15 * 60, report: 'test-reports/e2e.json' },
  // Last: it writes test-reports/unit.json over the whole run's (read above by then).
  { name: 'one server file (me.test.ts)', cmd: ['npx', 'vitest', 'run', 'tests/server/me.test.ts', '--reporter=dot'], limit: 8 },
];
const SUITE_LIMIT = 30 * 60;
/** The unit files' recorded times, read by the unit run's sequencer (vitest.config.ts). */
const DURATIONS_FILE = 'tests/setup/unit-durations.json';

interface TestTime {
  name: string;
  seconds: number;
  stage: string;
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? undefined : argv[i + 1];
}

function run(cmd: string[]): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000 }));
  });
}

/** Vitest's JSON report (jest's shape): each test's duration in ms. */
function vitestTimes(file: string, stage: string): { tests: TestTime[]; passed: number; failed: number } {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
  };
  const tests = r.testResults.flatMap((f) =>
    f.assertionResults.map((a) => ({
      name: `${f.name.replace(`${process.cwd()}/`, '')} › ${a.fullName}`,
      seconds: (a.duration ?? 0) / 1000,
      stage,
    })),
  );
  return { tests, passed: r.numPassedTests, failed: r.numFailedTests };
}

interface PwSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; tests: { results: { duration: number; status: string }[] }[] }[];
  suites?: PwSuite[];
}

/** Playwright's JSON report: each test's last result. */
function playwrightTimes(file: string, stage: string): { tests: TestTime[]; passed: number; failed: number } {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { suites: PwSuite[] };
  const tests: TestTime[] = [];
  let passed = 0;
  let failed = 0;
  const walk = (s: PwSuite) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        if (!last) continue;
        if (last.status === 'passed') passed++;
        else if (last.status !== 'skipped') failed++;
        tests.push({ name: `${spec.file} › ${spec.title}`, seconds: last.duration / 1000, stage });
      }
    }
    for (const c of s.suites ?? []) walk(c);
  };
  r.suites.forEach(walk);
  return { tests, passed, failed };
}

/** Each unit file's whole time on its worker (hooks included), longest first: tests/setup/file-times-reporter.ts. */
function fileTimes(): FileTime[] {
  return existsSync(FILE_TIMES_REPORT) ? (JSON.parse(readFileSync(FILE_TIMES_REPORT, 'utf8')) as FileTime[]) : [];
}

/**
 * A stage's time as the table shows it: tenths of a second under a minute, else minutes and
 * whole seconds (rounded before they are split, so 719.6 s is 12 min 00 s, never 11 min 60 s).
 */
export function fmt(s: number): string {
  if (s < 59.95) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

export default async function main(argv: string[]): Promise<void> {
  const reportsOnly = argv.includes('--reports');
  const skip = new Set((arg(argv, 'skip') ?? '').split(',').filter(Boolean));
  let busy: ChildProcess | null = null;
  if (argv.includes('--busy')) busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const rows: { stage: string; seconds: number | null; limit?: number; code: number | null; tests?: string }[] = [];
  const times: TestTime[] = [];
  let unitFiles: FileTime[] = [];
  const load = loadavg()[0];
  try {
    for (const st of STAGES) {
      if (skip.has(st.name) || skip.has(st.name.split(' ')[0])) continue;
      const result = reportsOnly ? null : await run(st.cmd);
      let tests: string | undefined;
      if (st.report && existsSync(st.report)) {
        const t = st.name === 'e2e' ? playwrightTimes(st.report, st.name) : vitestTimes(st.report, st.name);
        times.push(...t.tests);
        if (st.name === 'unit') {
          unitFiles = fileTimes();
          if (argv.includes('--record'))
            writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(unitFiles.map((f) => [f.file, f.seconds])), null, 1)}\n`);
        }
        tests = `${t.passed} passed${t.failed ? `, ${t.failed} failed` : ''}`;
      }
      rows.push({ stage: st.name, seconds: result?.seconds ?? null, limit: st.limit, code: result?.code ?? null, tests });
    }
  } finally {
    busy?.kill('SIGKILL');
  }
  const suiteRows = rows.filter((r) => !r.stage.startsWith('one server file'));
  const total = suiteRows.every((r) => r.seconds !== null) ? suiteRows.reduce((s, r) => s + (r.seconds ?? 0), 0) : null;
  const verdict = (seconds: number | null, limit?: number) =>
    limit === undefined || seconds === null ? '' : seconds <= limit ? 'met' : 'NOT met';

  console.log(`\nTest suite stages (${cpus().length} cores, load ${load.toFixed(1)} at start${busy ? ', one core kept busy' : ''})\n`);
  console.log(`${'stage'.padEnd(30)} ${'time'.padStart(12)}  ${'limit'.padStart(10)}  ${'verdict'.padEnd(8)} ${'exit'.padStart(4)}  tests`);
  for (const r of rows) {
    console.log(
      `${r.stage.padEnd(30)} ${(r.seconds === null ? '-' : fmt(r.seconds)).padStart(12)}  ${(r.limit ? fmt(r.limit) : '').padStart(10)}  ${verdict(r.seconds, r.limit).padEnd(8)} ${String(r.code ?? '-').padStart(4)}  ${r.tests ?? ''}`,
    );
  }
  if (total !== null)
    console.log(
      `${'npm test (all stages)'.padEnd(30)} ${fmt(total).padStart(12)}  ${fmt(SUITE_LIMIT).padStart(10)}  ${verdict(total, SUITE_LIMIT)}`,
    );

  const slowest = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, 20);
  console.log('\nThe 20 slowest tests\n');
  for (const t of slowest) console.log(`${fmt(t.seconds).padStart(10)}  ${t.stage.padEnd(8)} ${t.name.slice(0, 150)}`);
  // The unit files whole (hooks included), and when each worker ran out of files: a late long file shows as a tail.
  const slowFiles = unitFiles.slice(0, 10);
  const doneAt = new Map<number, number>();
  for (const f of unitFiles) doneAt.set(f.worker, Math.max(doneAt.get(f.worker) ?? 0, f.endedAt));
  const workersDone = [...doneAt].sort((a, b) => a[0] - b[0]).map(([worker, at]) => ({ worker, doneAt: at }));
  if (slowFiles.length) {
    console.log('\nThe 10 slowest unit files (import, hooks and tests)\n');
    for (const f of slowFiles) console.log(`${fmt(f.seconds).padStart(10)}  ${f.project.padEnd(8)} ${f.file}`);
    console.log(`\nUnit workers done at: ${workersDone.map((w) => `${w.worker}: ${fmt(w.doneAt)}`).join(', ')}`);
  }

  console.log(
    JSON.stringify({
      bench: 'suite',
      cores: cpus().length,
      busy: busy !== null,
      load,
      stages: Object.fromEntries(
        rows.map((r) => [r.stage, { seconds: r.seconds, limit: r.limit ?? null, exit: r.code, tests: r.tests ?? null }]),
      ),
      total,
      totalLimit: SUITE_LIMIT,
      met:
        rows.every((r) => r.code === 0 || r.code === null) &&
        rows.every((r) => verdict(r.seconds, r.limit) !== 'NOT met') &&
        (total === null || total <= SUITE_LIMIT),
      slowest: slowest.map((t) => ({ test: t.name, stage: t.stage, seconds: Math.round(t.seconds * 10) / 10 })),
      slowestUnitFiles: slowFiles.map((f) => ({ file: f.file, seconds: f.seconds })),
      unitWorkersDone: workersDone,
    }),
  );
  if (rows.some((r) => r.code !== null && r.code !== 0)) process.exitCode = 1;
}

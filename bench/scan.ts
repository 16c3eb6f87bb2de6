/**
 * npm run bench -- scan [--gb 2] [--files 4]
 *
 * Scan throughput of the packaging scanner on ~2 GB of sox-generated WAV, next to
 * `openssl dgst -md5` on the same files in the same run; peak memory (RSS) on big and
 * small files (flat in file size); main's event-loop p99 lag while scanning (hashing
 * runs in worker threads). Prints a table, then one JSON line. Removes its audio.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { HashPool } from '../main/services/packaging/hash-pool';
import { scan } from '../main/services/packaging/scanner';

const run = promisify(execFile);
const MB = 1024 * 1024;

function arg(args: string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
}

async function makeWav(path: string, bytes: number): Promise<void> {
  // 24-bit, 96 kHz, stereo: 576,000 bytes a second.
  const seconds = Math.max(1, Math.round(bytes / 576_000));
  await new Promise<void>((resolve, reject) => {
    const p = spawn('sox', ['-n', '-r', '96000', '-b', '24', '-c', '2', path, 'synth', String(seconds), 'sine', '440', 'vol', '0.5'], { stdio: 'ignore' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sox exited ${code}`))));
    p.on('error', reject);
  });
}

async function hashTool(files: string[], parallel: number, tool: 'openssl' | 'md5sum' = 'openssl'): Promise<number> {
  const t0 = performance.now();
  const queue = [...files];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await (tool === 'openssl' ? run('openssl', ['dgst', '-md5', f]) : run('md5sum', [f]));
    }),
  );
  return (performance.now() - t0) / 1000;
}

interface ScanFigures { seconds: number; peakRssMb: number; lagP99Ms: number; lagMaxMs: number; ok: number }

async function scanRun(paths: string[], concurrency: number): Promise<ScanFigures> {
  const hashes = new HashPool(concurrency);
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  const entries = await scan({ scanId: 'bench', paths, hashes, concurrency });
  const seconds = (performance.now() - t0) / 1000;
  lag.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await hashes.close();
  const bad = entries.filter((e) => e.status !== 'ok');
  if (bad.length) throw new Error(`scan failed: ${bad.map((b) => `${b.name}: ${b.reason}`).join('; ')}`);
  return { seconds, peakRssMb: peak / MB, lagP99Ms: lag.percentile(99) / 1e6, lagMaxMs: lag.max / 1e6, ok: entries.length };
}

export default async function main(args: string[] = []): Promise<void> {
  const totalGb = arg(args, 'gb', 2);
  const nFiles = Math.max(2, arg(args, 'files', 4));
  const dir = await mkdtemp(join(tmpdir(), 'bench-scan-'));
  try {
    const big = Array.from({ length: nFiles }, (_, i) => join(dir, `big-${i + 1}.wav`));
    const small = Array.from({ length: 4 }, (_, i) => join(dir, `small-${i + 1}.wav`));
    process.stderr.write(`generating ${totalGb} GB of audio with sox in ${dir}...\n`);
    const perFile = (totalGb * 1024 * MB) / nFiles;
    const jobs = [...big.map((p) => () => makeWav(p, perFile)), ...small.map((p) => () => makeWav(p, 16 * MB))];
    await Promise.all(Array.from({ length: 2 }, async () => { for (let j = jobs.shift(); j; j = jobs.shift()) await j(); }));
    let bytes = 0;
    for (const f of big) bytes += (await stat(f)).size;
    const totalMb = bytes / MB;

    const load = loadavg()[0];
    // Event-loop lag with nothing running: what the machine alone costs the loop.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((r) => setTimeout(r, 3000));
    idle.disable();
    const idleP99 = idle.percentile(99) / 1e6;
    // Warm the page cache equally for every contender.
    await hashTool(big, 1);
    const ssl1 = await hashTool(big, 1);
    const ssl2 = await hashTool(big, 2);
    // openssl dgst reads 8 KiB at a time; md5sum is the other yardstick.
    const md5s = await hashTool(big, 1, 'md5sum');
    // One file at a time: each picked on its own.
    const one = await scanRunEach(big);
    const two = await scanRun(big, 2);
    const smallRun = await scanRun(small, 2);

    const rows: Array<[string, string, string]> = [
      ['audio', `${nFiles} WAV files, ${totalMb.toFixed(0)} MB`, ''],
      ['cores (load average at start)', `${cpus().length} (${load.toFixed(1)})`, load > cpus().length ? 'machine busy: figures are noisy' : ''],
      ['openssl dgst -md5, one at a time', `${(totalMb / ssl1).toFixed(0)} MB/s`, ''],
      ['openssl dgst -md5, two at once', `${(totalMb / ssl2).toFixed(0)} MB/s`, ''],
      ['md5sum, one at a time', `${(totalMb / md5s).toFixed(0)} MB/s`, 'for reference'],
      ['scan, one file at a time', `${(totalMb / one.seconds).toFixed(0)} MB/s`, `${((ssl1 / one.seconds) * 100).toFixed(0)}% of openssl (goal >= 80%)`],
      ['scan, two files at once', `${(totalMb / two.seconds).toFixed(0)} MB/s`, `${(one.seconds / two.seconds).toFixed(2)}x one at a time (goal >= 1.5x)`],
      ['peak RSS, big files', `${Math.max(one.peakRssMb, two.peakRssMb).toFixed(0)} MB`, 'goal < 200 MB'],
      ['peak RSS, 16 MB files', `${smallRun.peakRssMb.toFixed(0)} MB`, 'flat in file size'],
      ['event-loop lag p99 (max)', `${Math.max(one.lagP99Ms, two.lagP99Ms).toFixed(1)} ms (${Math.max(one.lagMaxMs, two.lagMaxMs).toFixed(1)} ms)`, 'goal < 50 ms'],
      ['event-loop lag p99, idle', `${idleP99.toFixed(1)} ms`, 'the same loop with no scan running'],
    ];
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
    console.log(JSON.stringify({
      bench: 'scan', files: nFiles, totalMb: Math.round(totalMb), cores: cpus().length, loadAvg: round(load, 2),
      opensslMBps: round(totalMb / ssl1), openssl2MBps: round(totalMb / ssl2), md5sumMBps: round(totalMb / md5s),
      scanMBps: round(totalMb / one.seconds), scan2MBps: round(totalMb / two.seconds),
      ratioToOpenssl: round(ssl1 / one.seconds, 3), twoAtOnceSpeedup: round(one.seconds / two.seconds, 3),
      peakRssMb: round(Math.max(one.peakRssMb, two.peakRssMb)), peakRssSmallMb: round(smallRun.peakRssMb),
      lagP99Ms: round(Math.max(one.lagP99Ms, two.lagP99Ms), 2), idleLagP99Ms: round(idleP99, 2), lagMaxMs: round(Math.max(one.lagMaxMs, two.lagMaxMs), 2),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Scans the files one after another, each as its own pick (concurrency 1). */
async function scanRunEach(files: string[]): Promise<ScanFigures> {
  return scanRun(files, 1);
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/**
 * npm run bench -- scan [--gb 2 | --total-mb N] [--files 4] [--small-mb 16]
 *
 * Scan throughput of the packaging scanner on ~2 GB of sox-generated WAV (`--files`
 * big files; `--total-mb` for a quick run), next to `openssl dgst -md5` on the same
 * files in the same run; peak memory (RSS) per file size, the big files (~500 MB
 * each by default) and 16 MB files, each scan in a child process of its own so one
 * run's memory cannot hide another's (goal: under 200 MB and flat in file size);
 * the size of the scanner's reads (goal: chunks of at least 1 MiB); main's
 * event-loop p99 lag while scanning (hashing runs in worker threads; goal < 50 ms).
 * Prints a table, then one JSON line with the figures and the goals met. Removes
 * its audio.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { HashPool } from '../main/services/packaging/hash-pool';
import { scan } from '../main/services/packaging/scanner';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

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
    const p = spawn('sox', ['-n', '-r', '96000', '-b', '24', '-c', '2', path, 'synth', String(seconds), 'sine', '440', 'vol', '0.5'], {
      stdio: 'ignore',
    });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sox exited ${code}`))));
    p.on('error', reject);
  });
}

async function hashTool(files: string[], parallel: number, tool: 'openssl' | 'md5sum' = 'openssl'): Promise<number> {
  const t0 = performance.now();
  const queue = [...files];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let f = queue.shift(); f; f = queue.shift())
        await (tool === 'openssl' ? run('openssl', ['dgst', '-md5', f]) : run('md5sum', [f]));
    }),
  );
  return (performance.now() - t0) / 1000;
}

interface ScanFigures {
  seconds: number;
  /** The child process's peak resident set (getrusage maxrss): the whole scan, workers included. */
  peakRssMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
  ok: number;
  /** Share of the bytes read from the audio files in reads of at least 1 MiB. */
  bigReadShare: number;
  /** The most common (bytes-weighted) read size, in bytes. */
  typicalReadBytes: number;
}

const CHILD_FLAG = '--scan-child';

/** Runs in the child process: one scan, its figures as one JSON line on stdout. */
async function childScan(paths: string[], concurrency: number): Promise<ScanFigures> {
  // Count the sizes of the scanner's reads (FileHandle.read is the one it uses).
  const probe = await open(paths[0], 'r');
  const proto = Object.getPrototypeOf(probe) as { read: (...a: unknown[]) => Promise<{ bytesRead: number }> };
  await probe.close();
  const original = proto.read;
  const bySize = new Map<number, number>();
  let bytes = 0;
  let bigBytes = 0;
  proto.read = async function (this: unknown, ...a: unknown[]) {
    const r = await original.apply(this, a);
    bytes += r.bytesRead;
    if (r.bytesRead >= MB) bigBytes += r.bytesRead;
    bySize.set(r.bytesRead, (bySize.get(r.bytesRead) ?? 0) + r.bytesRead);
    return r;
  };
  const hashes = new HashPool(concurrency);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  const entries = await scan({ scanId: 'bench', paths, hashes, concurrency });
  const seconds = (performance.now() - t0) / 1000;
  lag.disable();
  await hashes.close();
  proto.read = original;
  const bad = entries.filter((e) => e.status !== 'ok');
  if (bad.length) throw new Error(`scan failed: ${bad.map((b) => `${b.name}: ${b.reason}`).join('; ')}`);
  const typical = [...bySize.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return {
    seconds,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
    ok: entries.length,
    bigReadShare: bytes ? bigBytes / bytes : 0,
    typicalReadBytes: typical,
  };
}

/** Scans `paths` in a fresh child process (this same bundle), so its peak RSS is its own; with the project's V8 flags, as main runs. */
async function scanRun(paths: string[], concurrency: number): Promise<ScanFigures> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await run(process.execPath, [...NODE_FLAGS, self, CHILD_FLAG, JSON.stringify({ paths, concurrency })], {
    maxBuffer: MB,
  });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ScanFigures;
}

if (process.argv[2] === CHILD_FLAG) {
  const { paths, concurrency } = JSON.parse(process.argv[3]) as { paths: string[]; concurrency: number };
  childScan(paths, concurrency).then(
    (f) => console.log(JSON.stringify(f)),
    (e) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}

export default async function main(args: string[] = []): Promise<void> {
  const totalMbWanted = arg(args, 'total-mb', arg(args, 'gb', 2) * 1024);
  const nFiles = Math.max(2, arg(args, 'files', 4));
  const smallMb = arg(args, 'small-mb', 16);
  const dir = await mkdtemp(join(tmpdir(), 'bench-scan-'));
  try {
    const big = Array.from({ length: nFiles }, (_, i) => join(dir, `big-${i + 1}.wav`));
    const small = Array.from({ length: 4 }, (_, i) => join(dir, `small-${i + 1}.wav`));
    process.stderr.write(`generating ${totalMbWanted} MB (+ ${small.length} x ${smallMb} MB) of audio with sox in ${dir}...\n`);
    const perFile = (totalMbWanted * MB) / nFiles;
    const jobs = [...big.map((p) => () => makeWav(p, perFile)), ...small.map((p) => () => makeWav(p, smallMb * MB))];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let j = jobs.shift(); j; j = jobs.shift()) await j();
      }),
    );
    let bytes = 0;
    for (const f of big) bytes += (await stat(f)).size;
    const totalMb = bytes / MB;
    const bigFileMb = totalMb / nFiles;
    let smallBytes = 0;
    for (const f of small) smallBytes += (await stat(f)).size;
    const smallFileMb = smallBytes / small.length / MB;

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
    // Each scan runs in a child process of its own (peak RSS per run, per file size).
    // One file at a time, then two at once, on the big files; two at once on the small.
    const one = await scanRun(big, 1);
    const two = await scanRun(big, 2);
    const smallRun = await scanRun(small, 2);
    const smallOne = await scanRun(small, 1);

    const ratio = ssl1 / one.seconds;
    const speedup = one.seconds / two.seconds;
    const bigPeak = Math.max(one.peakRssMb, two.peakRssMb);
    const smallPeak = Math.max(smallRun.peakRssMb, smallOne.peakRssMb);
    // Flat: the same scan (two at once) on files ~N times bigger peaks at most 15% higher.
    const rssGrowth = two.peakRssMb / smallRun.peakRssMb;
    const lagP99 = Math.max(one.lagP99Ms, two.lagP99Ms, smallRun.lagP99Ms);
    const bigReadShare = Math.min(one.bigReadShare, two.bigReadShare);
    const goals = {
      throughputOneAtATime: ratio >= 0.8,
      twoAtOnce: speedup >= 1.5,
      peakRssUnder200Mb: Math.max(bigPeak, smallPeak) < 200,
      peakRssFlat: rssGrowth <= 1.15,
      lagP99Under50Ms: lagP99 < 50,
      chunksAtLeast1MiB: bigReadShare >= 0.99 && one.typicalReadBytes >= MB,
    };

    const mb = (n: number) => `${n.toFixed(0)} MB`;
    const rows: Array<[string, string, string]> = [
      ['audio', `${nFiles} WAV files, ${totalMb.toFixed(0)} MB`, `and ${small.length} of ${smallFileMb.toFixed(0)} MB`],
      [
        'cores (load average at start)',
        `${cpus().length} (${load.toFixed(1)})`,
        load > cpus().length ? 'machine busy: figures are noisy' : '',
      ],
      ['openssl dgst -md5, one at a time', `${(totalMb / ssl1).toFixed(0)} MB/s`, ''],
      ['openssl dgst -md5, two at once', `${(totalMb / ssl2).toFixed(0)} MB/s`, ''],
      ['md5sum, one at a time', `${(totalMb / md5s).toFixed(0)} MB/s`, 'for reference'],
      [
        'scan, one file at a time',
        `${(totalMb / one.seconds).toFixed(0)} MB/s`,
        `${(ratio * 100).toFixed(1)}% of openssl (goal >= 80%)${flag(goals.throughputOneAtATime)}`,
      ],
      [
        'scan, two files at once',
        `${(totalMb / two.seconds).toFixed(0)} MB/s`,
        `${speedup.toFixed(2)}x one at a time (goal >= 1.5x)${flag(goals.twoAtOnce)}`,
      ],
      [`peak RSS, ${bigFileMb.toFixed(0)} MB files, one at a time`, mb(one.peakRssMb), 'own child process; goal < 200 MB'],
      [`peak RSS, ${bigFileMb.toFixed(0)} MB files, two at once`, mb(two.peakRssMb), 'own child process; goal < 200 MB'],
      [`peak RSS, ${smallFileMb.toFixed(0)} MB files, one at a time`, mb(smallOne.peakRssMb), 'own child process'],
      [`peak RSS, ${smallFileMb.toFixed(0)} MB files, two at once`, mb(smallRun.peakRssMb), 'own child process'],
      [
        'peak RSS growth with file size',
        `${rssGrowth.toFixed(2)}x`,
        `two at once, ${bigFileMb.toFixed(0)} MB vs ${smallFileMb.toFixed(0)} MB files (goal: flat, <= 1.15x)${flag(goals.peakRssFlat)}; under 200 MB${flag(goals.peakRssUnder200Mb)}`,
      ],
      [
        'read chunk size',
        `${(one.typicalReadBytes / MB).toFixed(2)} MiB`,
        `${(bigReadShare * 100).toFixed(1)}% of bytes in reads >= 1 MiB (goal: chunks >= 1 MiB)${flag(goals.chunksAtLeast1MiB)}`,
      ],
      [
        'event-loop lag p99 (max)',
        `${lagP99.toFixed(1)} ms (${Math.max(one.lagMaxMs, two.lagMaxMs, smallRun.lagMaxMs).toFixed(1)} ms)`,
        `goal < 50 ms${flag(goals.lagP99Under50Ms)}`,
      ],
      ['event-loop lag p99, idle', `${idleP99.toFixed(1)} ms`, 'the same loop with no scan running'],
    ];
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
    console.log(
      JSON.stringify({
        bench: 'scan',
        files: nFiles,
        totalMb: Math.round(totalMb),
        bigFileMb: round(bigFileMb),
        smallFileMb: round(smallFileMb),
        cores: cpus().length,
        loadAvg: round(load, 2),
        opensslMBps: round(totalMb / ssl1),
        openssl2MBps: round(totalMb / ssl2),
        md5sumMBps: round(totalMb / md5s),
        scanMBps: round(totalMb / one.seconds),
        scan2MBps: round(totalMb / two.seconds),
        ratioToOpenssl: round(ratio, 3),
        ratioToOpensslPct: round(ratio * 100, 1),
        twoAtOnceSpeedup: round(speedup, 3),
        peakRssMb: round(bigPeak),
        peakRssBigOneMb: round(one.peakRssMb),
        peakRssBigTwoMb: round(two.peakRssMb),
        peakRssSmallMb: round(smallPeak),
        peakRssSmallOneMb: round(smallOne.peakRssMb),
        peakRssSmallTwoMb: round(smallRun.peakRssMb),
        rssGrowthBigToSmall: round(rssGrowth, 3),
        readChunkBytes: one.typicalReadBytes,
        bigReadShare: round(bigReadShare, 4),
        lagP99Ms: round(lagP99, 2),
        idleLagP99Ms: round(idleP99, 2),
        lagMaxMs: round(Math.max(one.lagMaxMs, two.lagMaxMs, smallRun.lagMaxMs), 2),
        goals,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const flag = (met: boolean) => (met ? ' [met]' : ' [NOT MET]');

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

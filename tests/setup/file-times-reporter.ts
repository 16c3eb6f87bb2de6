/**
 * Each unit test file's whole time on its worker (issue 31): its environment, import,
 * setup file, tests and hooks (a server file's sandbox boot is a beforeAll). Vitest's JSON
 * report only spans a file's first test to its last, so a file whose time is in its hooks
 * looked short there, and the longest-first order (vitest.config.ts) started it among the
 * last. Writes test-reports/unit-files.json: one row per file, longest first, with the
 * worker that ran it and when it ended (seconds from the run's start), read by
 * `npm run bench -- suite` (the slowest files; --record keeps their times as the order).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { FILE_TIMES_REPORT, type FileTime } from '../../bench/_unit-files';

const s = (ms: number) => Math.round(ms / 100) / 10;

export default class FileTimesReporter implements Reporter {
  private rows: FileTime[] = [];
  private started = Date.now();
  private root = process.cwd();
  private readonly outputFile: string;

  /** `outputFile`: where the rows go (FILE_TIMES_REPORT, which the suite bench reads, unless given). */
  constructor(opts: { outputFile?: string } = {}) {
    this.outputFile = opts.outputFile ?? FILE_TIMES_REPORT;
  }

  onInit(ctx: Vitest): void {
    this.root = ctx.config.root;
    this.started = Date.now();
    this.rows = [];
  }

  onTestModuleEnd(m: TestModule): void {
    const d = m.diagnostic();
    this.rows.push({
      file: relative(this.root, m.moduleId).split('\\').join('/'),
      project: m.project.name,
      worker: d.concurrencyId,
      seconds: s(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
      importSeconds: s(d.collectDuration),
      endedAt: s(Date.now() - this.started),
    });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(
      this.outputFile,
      `${JSON.stringify(
        this.rows.sort((a, b) => b.seconds - a.seconds),
        null,
        1,
      )}\n`,
    );
  }
}

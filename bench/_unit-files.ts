/**
 * The unit run's report of each test file's whole time on its worker, written by
 * tests/setup/file-times-reporter.ts and read by `npm run bench -- suite`.
 */
export const FILE_TIMES_REPORT = 'test-reports/unit-files.json';

export interface FileTime {
  /** Path from the repository root. */
  file: string;
  project: string;
  worker: number;
  /** Seconds on its worker: environment + import + setup file + tests and hooks. */
  seconds: number;
  /** Of which importing the file (and running its suite callbacks). */
  importSeconds: number;
  /** When it ended, in seconds from the run's start. */
  endedAt: number;
}

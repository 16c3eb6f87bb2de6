/**
 * The unit run's file order (issue 31), read by vitest.config.ts's sequencer.
 *
 * Longest first, so the slow server suites start at once and the many short files fill the
 * workers' gaps at the end. Vitest orders by its own cache of durations, which a fresh clone
 * (CI) does not have; the times come from tests/setup/unit-durations.json (`npm run bench --
 * suite --record` rewrites it from test-reports/unit-files.json: each file's whole time on its
 * worker, hooks included, tests/setup/file-times-reporter.ts). A file with no record yet runs
 * first in its lane: it is new, and its time is recorded next.
 *
 * In lanes: a lane is the files one worker process can run one after another (the same
 * project and test environment). Vitest keeps a worker that shares its modules
 * (`isolate: false`) for the next file only when the next file in the queue is of the same
 * lane; otherwise it stops the process and the next file starts a new one, loading its whole
 * module graph again. Ordered longest first across lanes, server and renderer files
 * alternated in the run's second half: 82 worker processes in one unit run, 80 of them for
 * one or two files. So the lanes run one after another, the lane with the most recorded time
 * first, each longest first within.
 */
import { readFileSync } from 'node:fs';

/**
 * @typedef {object} RunFile
 * @property {string} path From the repository's root, with forward slashes.
 * @property {string} project The Vitest project's name.
 * @property {string} environment The test environment the file runs in (environmentOf).
 */

/**
 * The environment the file names in a comment (read as Vitest reads it), or the project's.
 * @param {string} file
 * @param {string} projectEnvironment
 * @returns {string}
 */
export function environmentOf(file, projectEnvironment) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Unreadable here: Vitest reports it when it runs the file.
  }
  return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(text)?.[1] ?? projectEnvironment;
}

/**
 * `files` in run order: lane after lane (most recorded seconds first), longest first within each.
 * @template {RunFile} T
 * @param {readonly T[]} files
 * @param {Readonly<Record<string, number>>} recorded seconds by path
 * @returns {T[]}
 */
export function runOrder(files, recorded) {
  /** @param {T} f */
  const seconds = (f) => recorded[f.path] ?? Infinity;
  /** @type {Map<string, T[]>} */
  const lanes = new Map();
  for (const f of files) {
    const key = `${f.project}\0${f.environment}`;
    const lane = lanes.get(key);
    if (lane) lane.push(f);
    else lanes.set(key, [f]);
  }
  /** @param {T[]} lane */
  const total = (lane) => lane.reduce((sum, f) => sum + (recorded[f.path] ?? 0), 0);
  return [...lanes.values()].sort((a, b) => total(b) - total(a)).flatMap((lane) => lane.sort((a, b) => seconds(b) - seconds(a)));
}

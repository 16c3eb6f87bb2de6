/**
 * How the server's processes (cli.ts: the API, and `npm run worker`) stop: SIGTERM,
 * SIGINT, or the parent closing its IPC channel (started as a child), runs close() once
 * and exits 0 (1, with the error on stderr, when close() fails). close() is graceful
 * (server/ops/shutdown.ts: requests in flight and running jobs get the grace period,
 * SHUTDOWN_GRACE_SECONDS); a second SIGTERM or SIGINT while it runs exits at once with
 * FORCED_EXIT_CODE (running jobs are then handed back by the queue's lease check).
 */
export const FORCED_EXIT_CODE = 1;

/**
 * Run alone, a stopping process says so on stderr; a child (the console's sandbox API under
 * npm start, the API's SFTP process) leaves that to its parent, so Ctrl-C prints nothing of
 * it. A forced exit is always said.
 */
const stoppingNotice = (m: string) => {
  if (typeof process.send !== 'function') console.error(m);
};

export function exitOnStop(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) {
      if (why === 'disconnect') return;
      console.error(`${why} again: exiting now.`);
      process.exit(FORCED_EXIT_CODE);
    }
    stopping = true;
    stoppingNotice(
      `${why}: stopping (requests in flight and running jobs may finish; ${why === 'disconnect' ? 'SIGTERM' : why} again exits at once).`,
    );
    close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('disconnect', () => stop('disconnect'));
}

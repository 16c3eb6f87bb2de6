/**
 * How the server's processes (cli.ts: the API, and `npm run worker`) stop: SIGTERM,
 * SIGINT, or the parent closing its IPC channel (started as a child), runs close() once
 * and exits 0 (1, with the error on stderr, when close() fails).
 */
export function exitOnStop(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

/**
 * Entry of the sandbox API's Electron utilityProcess (dist/main/api-child.mjs).
 * server/cli.ts reports ready with process.send, which only a child_process has; a
 * utility process talks through process.parentPort. This shim bridges the two, then
 * runs the server's own entry unchanged.
 */
const port = process.parentPort;
if (port && typeof process.send !== 'function') {
  Object.assign(process, {
    send: (message: unknown) => {
      port.postMessage(message);
      return true;
    },
  });
}
await import(new URL('../server/cli.mjs', import.meta.url).href);

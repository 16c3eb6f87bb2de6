import { utilityProcess } from 'electron';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { urlOf } from '../config';
import { JS_FLAGS } from '../../scripts/node-flags.mjs';

/**
 * The sandbox API in an Electron utilityProcess (a Node child owned by the app,
 * never main's event loop), its PGlite data in the user's data folder. `childPath`
 * is dist/main/api-child.mjs, which gives server/cli.ts the process.send it reports
 * ready with (see api-child.ts).
 */
export async function startUtilityApi(
  childPath: string,
  dataDir: string,
): Promise<{ apiUrl: string; idpUrl: string; sftpUrl: string | null; sftpHostKey: string | null; stop: () => void }> {
  const pglite = join(dataDir, 'pglite');
  mkdirSync(pglite, { recursive: true });
  // The server's request/error log (pino) goes to server.log beside the data, as the browser host's sandbox does.
  const child = utilityProcess.fork(childPath, ['--data-dir', pglite, '--sandbox', '--log-file', join(dataDir, 'server.log')], {
    // API_PORT, IDP_PORT and SFTP_PORT as documented (README "Configuration"); unset, any free port.
    env: {
      ...process.env,
      API_PORT: process.env.API_PORT || '0',
      IDP_PORT: process.env.IDP_PORT || '0',
      SFTP_PORT: process.env.SFTP_PORT || '0',
      CONSOLE_DATA_DIR: pglite,
    },
    stdio: 'inherit',
    serviceName: 'Store Console sandbox API',
    // The project's V8 flags. A utility process creates its V8 isolate from the --js-flags
    // switch of its own command line (execArgv is appended to it), before Node reads its
    // options: a bare Node flag here would come too late, and main's --js-flags is not passed on.
    execArgv: [`--js-flags=${JS_FLAGS}`],
  });
  const ready = await new Promise<{ api: string | number; idp: string | number; sftp?: string; sftpHostKey?: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the sandbox API did not report ready within 120 s')), 120_000);
      child.on('message', (msg: { type?: string; api: string | number; idp: string | number; sftp?: string; sftpHostKey?: string }) => {
        if (msg?.type === 'ready') {
          clearTimeout(timer);
          resolve(msg);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the sandbox API exited before it was ready (code ${code})`));
      });
    },
  );
  return {
    apiUrl: urlOf(ready.api),
    idpUrl: urlOf(ready.idp),
    sftpUrl: ready.sftp ?? null,
    sftpHostKey: ready.sftpHostKey ?? null,
    stop: () => void child.kill(),
  };
}

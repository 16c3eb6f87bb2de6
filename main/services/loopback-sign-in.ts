import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BridgeError } from '../../shared/bridge';
import type { SessionUser } from '../../shared/bridge/channels/session';
import type { SessionService } from './session';

const PAGE = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>Store Console</title><body style="font:16px system-ui;margin:4rem;text-align:center"><p>${text}</p></body>`;

/**
 * Sign-in for the desktop app (RFC 8252): a one-shot loopback listener on
 * 127.0.0.1, the identity provider opened in the system browser, and the code
 * exchanged when the browser comes back with the matching state. The listener
 * answers one callback then closes; it gives up after `timeoutMs`.
 */
export async function signInWithLoopback(
  session: Pick<SessionService, 'beginSignIn' | 'completeSignIn'>,
  openBrowser: (url: string) => Promise<void>,
  timeoutMs = 5 * 60_000,
): Promise<SessionUser> {
  let settle!: { resolve: (v: { code: string; state: string }) => void; reject: (e: Error) => void };
  const callback = new Promise<{ code: string; state: string }>((resolve, reject) => (settle = { resolve, reject }));
  let expectedState = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    if (!code || state !== expectedState) {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end(PAGE('This sign-in link is not valid. Return to the console and try again.'));
      settle.reject(
        new BridgeError({
          code: 'sign_in_failed',
          message: url.searchParams.get('error_description') ?? 'Sign-in did not complete.',
          status: 400,
        }),
      );
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(PAGE('You are signed in. You can close this tab and return to the console.'));
    settle.resolve({ code, state });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const timer = setTimeout(
    () => settle.reject(new BridgeError({ code: 'sign_in_timeout', message: 'Sign-in timed out. Please try again.' })),
    timeoutMs,
  );
  try {
    const { port } = server.address() as AddressInfo;
    const { url, state } = session.beginSignIn(`http://127.0.0.1:${port}/callback`);
    expectedState = state;
    await openBrowser(url);
    const back = await callback;
    return await session.completeSignIn(back.code, back.state);
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}

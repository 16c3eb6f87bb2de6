import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BRIDGE_WS_PATH, LAUNCH_KEY_PARAM } from '../../shared/bridge';
import type { EventBus, Handlers } from '../bridge';
import { htmlWithCsp, type CspOptions } from '../lib/csp';
import { contentType, isClientRoute, resolveInside } from '../lib/safe-path';
import { MediaService } from '../services/media';
import { createBridgeSocket } from './bridge-socket';

export interface HostServerOptions {
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  handlers: Handlers;
  events: EventBus;
  apiUrl?: string;
  /** Fixed launch key (tests); a random one per launch otherwise. */
  key?: string;
  /** Answers MEDIA_PATH requests (main/services/media.ts); without it they are 404. */
  media?: Pick<MediaService, 'serve'>;
}

export interface HostServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  key: string;
  /** The URL to open: the origin with the launch key in the fragment. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * The browser host: serves the built renderer on 127.0.0.1 (SPA fallback to
 * index.html for client routes, strict CSP, no path escapes) and carries the bridge
 * on a WebSocket at /bridge guarded by the launch key and an Origin check.
 */
export async function startHostServer(opts: HostServerOptions): Promise<HostServer> {
  const key = opts.key ?? randomBytes(24).toString('base64url');
  let origin = '';
  const bridge = createBridgeSocket({ handlers: opts.handlers, events: opts.events, key, origin: () => origin });

  // DNS rebinding: only requests addressed to 127.0.0.1:PORT itself are answered.
  const rightHost = (req: IncomingMessage) => req.headers.host === origin.slice('http://'.length);

  const server = createServer((req, res) => {
    if (!rightHost(req)) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    const media = opts.media;
    if (media && MediaService.owns(new URL(req.url ?? '/', 'http://x').pathname)) {
      serveMedia(req, res, media).catch(() => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      return;
    }
    serveStatic(req, res, opts.rendererDir, { self: origin, bridgeSocket: origin.replace(/^http/, 'ws'), apiUrl: opts.apiUrl }).catch(
      () => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  });
  server.on('upgrade', (req, socket, head) => {
    const refused = rightHost(req) ? bridge.verify(req) : 403;
    if (refused) {
      socket.end(
        `HTTP/1.1 ${refused} ${refused === 404 ? 'Not Found' : refused === 403 ? 'Forbidden' : 'Unauthorized'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    bridge.wss.handleUpgrade(req, socket, head, (ws) => bridge.wss.emit('connection', ws, req));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    key,
    url: `${origin}/#${LAUNCH_KEY_PARAM}=${key}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        for (const ws of bridge.wss.clients) ws.terminate();
        bridge.wss.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A media URL: main's answer (bytes fetched from the API with the token) streamed to the page, Range included. */
async function serveMedia(req: IncomingMessage, res: ServerResponse, media: Pick<MediaService, 'serve'>): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const answer = await media.serve(new URL(req.url ?? '/', 'http://x').pathname, req.headers.range);
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (req.method === 'HEAD' || !answer.body) {
    await answer.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
  res.on('close', () => body.destroy());
  body.on('error', () => res.destroy()).pipe(res);
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, csp: CspOptions): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === BRIDGE_WS_PATH) {
    res.writeHead(426).end();
    return;
  }
  let file = path === '/' ? join(root, 'index.html') : await resolveInside(root, path);
  if (!file && isClientRoute(path) && !/%2e|\.\./i.test(req.url ?? '')) file = join(root, 'index.html');
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const isHtml = file.endsWith('.html');
  // Each page gets its own style nonce, in its CSP header and in the page (main/lib/csp.ts).
  const page = isHtml ? htmlWithCsp(await readFile(file, 'utf8'), csp) : null;
  res.writeHead(200, {
    'content-type': contentType(file),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': isHtml ? 'no-store' : 'public, max-age=31536000, immutable',
    ...(page ? { 'content-security-policy': page.csp, 'x-frame-options': 'DENY' } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (page) {
    res.end(page.html);
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

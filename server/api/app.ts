/** The two Fastify apps: the v4 API and the identity provider. */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from '../db/client';
import { registerIdp } from '../auth/idp';
import { registerOAuthMetadata } from '../auth/metadata';
import { installPublicUrl } from './public-url';
import type { TokenSettings } from '../auth/tokens';
import type { JobQueue } from '../jobs/queue';
import type { Storage } from '../storage';
import { muzookaClient, type Muzooka } from '../muzooka/client';
import { registerArtistRoutes } from './routes/artists';
import { registerLabelManagerRoutes } from './routes/label-managers';
import { registerFtpUserRoutes } from './routes/ftp-users';
import { dbErrorReply, installEdge } from './edge';
import { HttpError } from '../domain/errors';
import { loggerOptions, type LogOption } from './logging';
import { requireRules } from './route';
import { registerAuxiliaryRoutes } from './routes/auxiliary';
import { registerExportRoutes } from './routes/export';
import { registerListRoutes } from './routes/lists';
import { registerRecordRoutes } from './routes/records';
import { registerSearchRoutes } from './routes/search';
import { registerMeRoutes } from './routes/me';
import { registerBankingRoutes } from './routes/banking';
import { registerStatementRoutes } from './routes/statements';
import { registerSupplierRoutes } from './routes/suppliers';
import { registerChartRoutes } from './routes/charts';
import { registerGenreRoutes } from './routes/genres';
import { registerJobRoutes } from './routes/jobs';
import { registerDashboardRoutes } from './routes/dashboard';
import { registerMediaRoutes } from './routes/media';
import { registerTrackFileRoutes } from './routes/track-files';
import { registerPublisherRoutes } from './routes/publishers';
import { registerCurationRoutes } from './routes/curation';
import { registerDeliveryRoutes } from './routes/deliveries';
import { registerModuleImageRoutes } from './routes/module-images';
import { registerCouponRoutes } from './routes/coupons';
import { registerHypeRoutes } from './routes/hype';
import { registerUserRoutes } from './routes/users';
import { registerNoteRoutes } from './routes/notes';
import { registerSandboxRoutes } from './routes/sandbox';
import { registerTrackCreditRoutes } from './routes/track-credits';
import { registerDjEditRoutes } from './routes/dj-edits';
import { registerTerritoryRoutes } from './routes/territories';
import { registerPublishDateRoutes } from './routes/publish-dates';
import { registerOrderRoutes } from './routes/orders';
import { registerCreditRoutes } from './routes/credits';
import { registerServiceAgreementRoutes } from './routes/service-agreement';
import { registerLabelRoutes } from './routes/labels';
import { registerRecordImageRoutes } from './routes/record-images';
import { registerSharedViewRoutes } from './routes/shared-views';
import { registerBillingRoutes } from './routes/billing';
import { registerLookupStatusRoutes } from './routes/lookups-status';
import { registerMediaImageRoutes } from './routes/media-images';
import { installHttpMetrics, registerOps } from '../ops/routes';
import { installDrain } from '../ops/shutdown';
import { trustProxyFrom } from '../ops/proxy';

/** One entry of an app's route table. */
export interface RouteEntry {
  method: string;
  url: string;
}

const ROUTES = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route an app registered (one entry per method), in registration order: what the fuzz test walks. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return ROUTES.get(app) ?? [];
}

function base(log: LogOption): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(log) as FastifyServerOptions['logger'],
    exposeHeadRoutes: false,
    bodyLimit: 5 * 1024 * 1024,
    // Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (env TRUST_PROXY; none by default).
    trustProxy: trustProxyFrom(process.env.TRUST_PROXY),
  });
  requireRules(app);
  const routes: RouteEntry[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url });
  });
  installEdge(app);
  app.register(formbody);
  app.setErrorHandler((err: FastifyError | HttpError | Error, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).headers(err.headers).send(err.body);
    // A database error the request caused (bad data, a broken constraint): a client error
    // in generic words, never the database's text, constraint or table names.
    const db = dbErrorReply(
      err,
      req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? Object.keys(req.body) : [],
    );
    if (db) return reply.code(db.status).send(db.body);
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ detail: err.message });
    // Anything else is the server's fault: logged with the request id (bound to req.log), query and body (redacted).
    req.log.error({ err, query: req.query, body: req.body }, 'Server error');
    return reply.code(500).send({ detail: 'Server error.' });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Not found.' }));
  return app;
}

export interface ApiOptions {
  /** Request and error logging (pino through Fastify); off by default. */
  logger?: LogOption;
  /** Running as the console's embedded sandbox: adds the sandbox-only fault route. */
  sandbox?: boolean;
  /** The job queue the async calls enqueue on. */
  jobs: JobQueue;
  /** The file storage (cover art, audio). */
  storage: Storage;
  /** The Muzooka client (server/muzooka/client.ts); without one the Muzooka calls answer 503. */
  muzooka?: Muzooka;
  /** The identity provider's base URL, once it listens (password reset links point there); without it they answer 503. */
  idpUrl?: () => string | undefined;
  /** The API's public origin (PUBLIC_URL) its links start with; default the address it listens on, never a request's Host. */
  publicUrl?: () => string | undefined;
  /** The bearer token GET /metrics requires (server/ops/routes.ts); default env METRICS_TOKEN, unset: open. */
  metricsToken?: string;
}

export async function buildApi(db: Db, settings: TokenSettings, opts: ApiOptions): Promise<FastifyInstance> {
  const app = base(opts.logger ?? false);
  installPublicUrl(app, opts.publicUrl);
  // GET /health, /ready, /metrics (outside /v4/) and the request latency histogram.
  installHttpMetrics(app, 'api');
  installDrain(app);
  registerOps(app, { db, jobs: opts.jobs, metricsToken: opts.metricsToken ?? process.env.METRICS_TOKEN });
  await app.register(async (scope) => {
    if (opts.sandbox) registerSandboxRoutes(scope, db, opts.jobs);
    registerExportRoutes(scope, db);
    // …/tracks/bulk/ beside …/tracks/:id/: the router matches the static segment first, in any registration order.
    registerRecordRoutes(scope, db);
    registerListRoutes(scope, db, opts.storage);
    registerSearchRoutes(scope, db);
    registerAuxiliaryRoutes(scope, db);
    registerMeRoutes(scope, db);
    registerJobRoutes(scope, db, opts.jobs);
    registerDashboardRoutes(scope, db);
    registerNoteRoutes(scope, db);
    registerBankingRoutes(scope, db);
    registerStatementRoutes(scope, db, opts.jobs);
    registerSupplierRoutes(scope, db);
    registerChartRoutes(scope, db);
    registerGenreRoutes(scope, db);
    registerTrackCreditRoutes(scope, db);
    registerDjEditRoutes(scope, db);
    registerTerritoryRoutes(scope, db);
    registerPublishDateRoutes(scope, db);
    registerMediaRoutes(scope, db, opts.storage, opts.jobs);
    registerTrackFileRoutes(scope, db, opts.storage, opts.jobs);
    registerPublisherRoutes(scope, db);
    registerArtistRoutes(scope, db, opts.storage, opts.muzooka ?? muzookaClient(undefined));
    registerLabelManagerRoutes(scope, db);
    registerFtpUserRoutes(scope, db);
    registerOrderRoutes(scope, db);
    registerCreditRoutes(scope, db);
    registerServiceAgreementRoutes(scope, db);
    registerCurationRoutes(scope, db);
    registerModuleImageRoutes(scope, db, opts.storage);
    registerCouponRoutes(scope, db);
    registerHypeRoutes(scope, db);
    registerUserRoutes(scope, db, { url: opts.idpUrl ?? (() => undefined), now: settings.signIn?.now ?? Date.now });
    registerLabelRoutes(scope, db);
    registerRecordImageRoutes(scope, db, opts.storage);
    registerSharedViewRoutes(scope, db);
    registerDeliveryRoutes(scope, db, opts.storage, opts.jobs);
    registerBillingRoutes(scope, db);
    registerLookupStatusRoutes(scope, db, opts.jobs);
    registerMediaImageRoutes(scope, db, opts.storage);
    // Spec §7 lists introspect and temp-account-email among the API host's calls too.
    registerIdp(scope, db, settings, false);
  });
  return app;
}

/**
 * The identity provider's app. `issuer` is its public origin (RFC 8414 metadata names
 * its endpoints under it): the configured one, else its listening address once it listens.
 */
export async function buildIdp(
  db: Db,
  settings: TokenSettings,
  logger: LogOption = false,
  opts: { issuer?: () => string | undefined } = {},
): Promise<FastifyInstance> {
  const app = base(logger);
  installHttpMetrics(app, 'idp');
  installDrain(app);
  await app.register(async (scope) => {
    registerIdp(scope, db, settings, true);
    registerOAuthMetadata(scope, db, opts.issuer ?? (() => undefined));
  });
  return app;
}

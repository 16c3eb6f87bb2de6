/**
 * Route modules give one handler per endpoint of a declared group (server/api/route.ts
 * registerHandlers): a group's endpoint without its handler, or a
 * handler for an endpoint the group does not declare, does not compile (checked by
 * `tsc -b` through the @ts-expect-error lines below); each handler is typed from its
 * declaration; registerHandlers registers the group's routes in the map's order.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { IdParam, endpoint } from '../../shared/api';
import { HttpError } from '../../server/domain/errors';
import { endpointsOf, registerHandlers, type EndpointGroup, type HandlerMap, type OnlyNamesOf } from '../../server/api/route';
import type { Db } from '../../server/db/client';

/** registerHandlers' check of its map (its group and map parameters' types), without an app. */
const defineHandlers = <G extends EndpointGroup, M extends HandlerMap<G>>(_group: G, map: OnlyNamesOf<G, M>): HandlerMap<G> => map;

const params = z.object({ id: IdParam });
const Thing = z.object({ id: z.number(), name: z.string() });
const group = {
  get: endpoint({ method: 'GET', path: '/v4/things/:id/', params, response: Thing, doc: 'One thing.' }),
  patch: endpoint({
    method: 'PATCH',
    path: '/v4/things/:id/',
    params,
    body: z.strictObject({ name: z.string() }),
    response: Thing,
    doc: 'Renames a thing.',
  }),
  list: endpoint({ method: 'GET', path: '/v4/things/', response: z.array(Thing), doc: 'Every thing.' }),
};

describe('handler maps typed from a declared group', () => {
  it('compiles only with exactly one handler per endpoint of the group, each typed from its declaration', () => {
    const ok = defineHandlers(group, {
      get: { rule: '*', handler: async (req) => ({ id: req.params.id, name: 'a' }) },
      patch: { rule: '*', handler: async (req, _reply, user) => ({ id: req.params.id, name: `${req.body.name} by ${user.username}` }) },
      list: { rule: '*', handler: async () => [] },
    });
    expect(Object.keys(ok)).toEqual(['get', 'patch', 'list']);
    // @ts-expect-error: the group's `list` has no handler
    defineHandlers(group, {
      get: { rule: '*', handler: async (req) => ({ id: req.params.id, name: 'a' }) },
      patch: { rule: '*', handler: async (req) => ({ id: req.params.id, name: req.body.name }) },
    });
    defineHandlers(group, {
      ...ok,
      // @ts-expect-error: a handler for an endpoint the group does not declare
      remove: { rule: '*', handler: async () => null },
    });
    const built = { ...ok, remove: { rule: '*', handler: async () => null } } as const;
    // @ts-expect-error: the extra name is refused in a map built beforehand too
    defineHandlers(group, built);
    defineHandlers(group, {
      ...ok,
      // @ts-expect-error: the answer is outside the declaration (no name)
      get: { rule: '*', handler: async (req) => ({ id: req.params.id }) },
    });
    defineHandlers(group, {
      ...ok,
      // @ts-expect-error: the declared body has no `title`
      patch: { rule: '*', handler: async (req) => ({ id: req.params.id, name: req.body.title }) },
    });
    // Part of a group: exactly the named endpoints.
    const part = endpointsOf(group, 'list', 'get');
    expect(Object.keys(part)).toEqual(['list', 'get']);
    defineHandlers(part, { get: ok.get, list: ok.list });
    // @ts-expect-error: `patch` is not among the named endpoints
    defineHandlers(part, { get: ok.get, list: ok.list, patch: ok.patch });
    const typed: HandlerMap<typeof part> = { get: ok.get, list: ok.list };
    expect(typed.get).toBe(ok.get);
  });

  describe('registerHandlers on a bare app', () => {
    const app = Fastify();
    app.setErrorHandler((err: Error, _req, reply) =>
      err instanceof HttpError ? reply.code(err.status).send(err.body) : reply.code(500).send({ detail: err.message }),
    );
    // Every endpoint authenticates its caller: a stand-in database knows the one bearer token the requests send.
    const tokenDb = {
      query: async () => [
        { user_id: 1, username: 'probe', scope: 'admin', features: [], supplier_id: null, label_id: null, agreement_accepted: true },
      ],
    } as unknown as Db;
    const routes: string[] = [];
    app.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD') routes.push(`${String(r.method)} ${r.url}`);
    });
    registerHandlers(app, tokenDb, group, {
      list: { rule: '*', handler: async () => [{ id: 1, name: 'a' }] },
      get: { rule: '*', handler: async (req) => ({ id: req.params.id, name: 'a' }) },
      patch: { rule: '*', handler: async (req) => ({ id: req.params.id, name: req.body.name }) },
    });
    afterAll(() => app.close());

    it('registers every endpoint of the group, in the map’s order, as addEndpoint does', async () => {
      expect(routes).toEqual(['GET /v4/things/', 'GET /v4/things/:id/', 'PATCH /v4/things/:id/']);
      const headers = { authorization: 'Bearer probe-token' };
      const r = await app.inject({ method: 'PATCH', url: '/v4/things/7/', headers, payload: { name: 'b' } });
      expect([r.statusCode, r.json()]).toEqual([200, { id: 7, name: 'b' }]);
      const bad = await app.inject({ method: 'PATCH', url: '/v4/things/7/', headers, payload: { title: 'b' } });
      expect(bad.statusCode).toBe(400);
      const anon = await app.inject({ method: 'GET', url: '/v4/things/7/' });
      expect(anon.statusCode).toBe(401);
    });

    it('a map around the types whose names are not the group’s fails at registration', () => {
      const other = Fastify();
      const loose = { get: { rule: '*', handler: async () => ({ id: 1, name: 'a' }) } } as unknown as HandlerMap<typeof group>;
      expect(() => registerHandlers(other, tokenDb, group, loose)).toThrow(/none for patch, list/);
      void other.close();
    });
  });
});

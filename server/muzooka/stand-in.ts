/**
 * A small stand-in of the Muzooka artist-profile service, started with the sandbox (and
 * the test servers) on 127.0.0.1 like the identity provider, so that Muzooka sync and
 * pull-image work end to end without the third party. Its profiles are the seed's:
 * `mz-<n>` for n from 1 to 999999 (the seed gives artists `mz-<n>` ids), each with a
 * name, a bio and a 600x600 PNG image; any other id is 404. Two ids act out the
 * failures the client must survive: `mz-error` answers 500, `mz-slow` never answers
 * (until the stand-in closes).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { loadSharp } from '../lazy-modules';

export const STAND_IN_IDS = { error: 'mz-error', slow: 'mz-slow' } as const;
const PROFILE = /^mz-([1-9]\d{0,5})$/;

/** The profile the stand-in serves for an id (the tests compare with it). */
export function standInProfile(id: string, base = '') {
  const m = PROFILE.exec(id);
  if (!m) return null;
  const n = Number(m[1]);
  return { id, name: `Muzooka Artist ${n}`, bio: `Muzooka profile ${n}: producer and DJ.`, image_url: `${base}profiles/${id}/image` };
}

export async function startMuzookaStandIn(host = '127.0.0.1', port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  const pending = new Set<() => void>();
  // Drawn on the first image request: most servers started with the stand-in never ask for one.
  let image: Promise<Buffer> | undefined;
  const drawImage = () =>
    (image ??= loadSharp()({ create: { width: 600, height: 600, channels: 3, background: '#7a3eb1' } })
      .png()
      .toBuffer());
  app.get<{ Params: { id: string } }>('/profiles/:id', async (req, reply) => {
    const { id } = req.params;
    if (id === STAND_IN_IDS.error) return reply.code(500).send({ error: 'internal' });
    if (id === STAND_IN_IDS.slow) return new Promise<void>((resolve) => pending.add(resolve)).then(() => reply.code(503).send());
    const p = standInProfile(id);
    return p ? p : reply.code(404).send({ error: 'not found' });
  });
  app.get<{ Params: { id: string } }>('/profiles/:id/image', async (req, reply) => {
    if (!standInProfile(req.params.id)) return reply.code(404).send({ error: 'not found' });
    return reply.type('image/png').send(await drawImage());
  });
  const url = await app.listen({ host, port });
  return {
    url: `${url}/`,
    close: async () => {
      for (const resolve of pending) resolve();
      await app.close();
    },
  };
}

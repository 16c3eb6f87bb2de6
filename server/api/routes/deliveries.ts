/**
 * Deliveries (shared/api/endpoints/deliveries.ts): the delivery inspector and the legacy
 * screen's content-ops calls. Reading follows the §6 deliveries row (SEARCH_RULES:
 * admin, content ops, label management); re-ingest, resubmit and replacing the XML are
 * WRITE_RULES.deliveries (admin, content ops).
 *
 * Re-ingest (§4, §8, §9): refused (409) when the delivery is already ingested, is being
 * re-ingested, or has no kept files (the seeded legacy rows). Otherwise the delivery goes
 * currently-reingesting, is ingested again from its kept XML (server/ingest/ingest.ts:
 * the supplier's rules again, the 90-second rule as reingestion-error, `override_genre`
 * instead of the mapped genre), and its encode is queued as an `encode` job carrying the
 * delivery, which ends it encoded or encoding-error.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AREA_RULES, SEARCH_RULES, WRITE_RULES } from '../../../shared/access';
import {
  DELIVERY_MSG,
  DELIVERY_PAGE_SIZE,
  deliveryEndpoints as ep,
  type Delivery,
  type DeliveryDetail,
} from '../../../shared/api/endpoints/deliveries';
import type { Db, Queryable } from '../../db/client';
import { deliveryFileKey, keyOf, type DeliveryFile } from '../../ingest/files';
import { ingestDelivery, refreshDeliveryFiles, xmlKeyOf } from '../../ingest/ingest';
import { readErn } from '../../ingest/read-ern';
import { setDeliveryStatus } from '../../ingest/status';
import { validateErn43 } from '../../ingest/validate-ern';
import { queueDeliveryEncode } from '../../jobs/encode';
import type { JobQueue } from '../../jobs/queue';
import type { Storage } from '../../storage';
import { HttpError, badRequest, forbidden, notFound } from '../../domain/errors';
import { registerHandlers } from '../route';
import { sendStored } from './media';

const FIELDS = `d.id, d.release_id, d.title, d.artist, d.label_name, json_build_object('id', s.id, 'name', s.name) as supplier,
  case when g.id is null then null else json_build_object('id', g.id, 'name', g.name) end as genre,
  d.release_status, d.status_message, d.album_action, d.ingested, d.delivered_at, d.updated_at, d.version`;
const FROM = 'deliveries d join suppliers s on s.id = d.supplier_id left join genres g on g.id = d.genre_id';

const encodeCursor = (at: string, id: number) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(c: string): [string, number] {
  try {
    const v: unknown = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && !Number.isNaN(Date.parse(v[0])) && Number.isInteger(v[1]))
      return [v[0], v[1] as number];
  } catch {
    /* below */
  }
  throw badRequest('cursor', 'Not a valid cursor.');
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
const asDelivery = (r: Record<string, unknown>): Delivery => ({
  ...(r as unknown as Delivery),
  delivered_at: iso(r.delivered_at),
  updated_at: iso(r.updated_at),
});

/** Re-ingest is allowed: not ingested, not being re-ingested, files kept (§4). */
const canReingest = (d: { ingested: boolean; release_status: string; storage_prefix: string | null }) =>
  !d.ingested && d.release_status !== 'currently-reingesting' && d.storage_prefix !== null;

async function detail(q: Queryable, storage: Storage, id: number): Promise<DeliveryDetail> {
  const [r] = await q.query<Record<string, unknown>>(
    `select ${FIELDS}, d.files, d.xml_file_path, d.storage_prefix from ${FROM} where d.id = $1`,
    [id],
  );
  if (!r) throw notFound();
  const events = await q.query<Record<string, unknown>>(
    'select release_status, status_message, detail, created_at from delivery_events where delivery_id = $1 order by id',
    [id],
  );
  const { storage_prefix, files, xml_file_path, ...rest } = r;
  const xml =
    storage_prefix && xml_file_path
      ? await storage.get(xmlKeyOf(storage_prefix as string, xml_file_path as string, files as DeliveryFile[]))
      : null;
  let sourceGenre: string | null = null;
  try {
    const ern = xml ? readErn(xml.toString('utf8')) : null;
    if (ern?.kind === 'new') sourceGenre = ern.genre;
  } catch {
    /* an XML that cannot be read names no genre */
  }
  return {
    source_genre: sourceGenre,
    source_label: r.label_name as string,
    ...asDelivery(rest),
    files: (files as DeliveryFile[]).map((f) => ({ path: f.path, size: f.size })),
    xml_file_path: (xml_file_path as string | null) ?? null,
    events: events.map((e) => ({ ...(e as unknown as DeliveryDetail['events'][number]), created_at: iso(e.created_at) })),
    can_reingest: canReingest({
      ingested: r.ingested as boolean,
      release_status: r.release_status as string,
      storage_prefix: storage_prefix as string | null,
    }),
  };
}

/**
 * Re-ingests one delivery (see the file comment). Answers null when done, or why it was
 * refused (the 409 detail).
 */
export async function reingest(
  db: Db,
  storage: Storage,
  jobs: JobQueue,
  id: number,
  overrideGenre: number | null,
  userId: number,
): Promise<string | null> {
  const refused = await db.transaction(async (tx) => {
    const [d] = await tx.query<{ ingested: boolean; release_status: string; storage_prefix: string | null }>(
      'select ingested, release_status, storage_prefix from deliveries where id = $1 for update',
      [id],
    );
    if (!d) throw notFound();
    if (d.ingested) return DELIVERY_MSG.alreadyIngested;
    if (d.release_status === 'currently-reingesting') return DELIVERY_MSG.reingesting;
    if (d.storage_prefix === null) return DELIVERY_MSG.noFiles;
    await setDeliveryStatus(tx, id, 'currently-reingesting', null);
    return null;
  });
  if (refused) return refused;
  let releaseId: number | null;
  try {
    // What the supplier sent since (a missing or fixed file) is read from the batch folder.
    await refreshDeliveryFiles(db, storage, id);
    releaseId = await ingestDelivery(db, storage, id, { overrideGenreId: overrideGenre, userId });
  } catch (e) {
    // Never a 500: the delivery says what went wrong, and can be re-ingested again.
    const message = `Re-ingest failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 1000);
    await db.transaction((tx) => setDeliveryStatus(tx, id, 'ingest-error', null, { message, detail: message }));
    return null;
  }
  if (releaseId !== null) {
    await queueDeliveryEncode(
      db,
      (payload, options) => jobs.enqueue('encode', userId, payload, options),
      id,
      releaseId,
      `reingest:${randomUUID()}`,
    );
  }
  return null;
}

/** The genre XSD: a simple type whose values are the enabled genres' names. */
function genreXsd(names: string[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">',
    '  <xs:simpleType name="GenreText">',
    '    <xs:restriction base="xs:string">',
    ...names.map((n) => `      <xs:enumeration value="${esc(n)}"/>`),
    '    </xs:restriction>',
    '  </xs:simpleType>',
    '  <xs:element name="GenreText" type="GenreText"/>',
    '</xs:schema>',
    '',
  ].join('\n');
}

export function registerDeliveryRoutes(app: FastifyInstance, db: Db, storage: Storage, jobs: JobQueue) {
  const READ = SEARCH_RULES.deliveries;
  const WRITE = WRITE_RULES.deliveries;

  const xmlOf = async (id: number) => {
    const [d] = await db.query<{ storage_prefix: string | null; xml_file_path: string | null; files: DeliveryFile[] }>(
      'select storage_prefix, xml_file_path, files from deliveries where id = $1',
      [id],
    );
    if (!d) throw notFound();
    return d;
  };

  registerHandlers(app, db, ep, {
    list: {
      rule: READ,
      handler: async (req, _reply, user) => {
        if (req.query.brand && `brand:${req.query.brand}` !== user.principal.brand) throw forbidden();
        const after = req.query.cursor ? decodeCursor(req.query.cursor) : null;
        const rows = await db.query<Record<string, unknown>>(
          `select ${FIELDS} from ${FROM}
           where $1::timestamptz is null or (d.delivered_at, d.id) < ($1::timestamptz, $2::int)
           order by d.delivered_at desc, d.id desc limit $3`,
          [after?.[0] ?? null, after?.[1] ?? 0, DELIVERY_PAGE_SIZE + 1],
        );
        const page = rows.slice(0, DELIVERY_PAGE_SIZE).map(asDelivery);
        const last = page[page.length - 1];
        return { results: page, next_cursor: rows.length > DELIVERY_PAGE_SIZE && last ? encodeCursor(last.delivered_at, last.id) : null };
      },
    },

    get: { rule: READ, handler: (req) => detail(db, storage, req.params.id) },

    file: {
      rule: READ,
      handler: async (req, reply) => {
        const [d] = await db.query<{ storage_prefix: string | null; files: DeliveryFile[] }>(
          'select storage_prefix, files from deliveries where id = $1',
          [req.params.id],
        );
        if (!d) throw notFound();
        const f = d.storage_prefix ? d.files.find((x) => x.path === req.query.path.normalize('NFC')) : undefined;
        if (!f) throw notFound();
        const name = f.path.split('/').pop()!;
        const type = name.endsWith('.xml') ? 'application/xml' : 'application/octet-stream';
        return sendStored(storage, req, reply, keyOf(d.storage_prefix!, f), type, name);
      },
    },

    reingest: {
      rule: WRITE,
      handler: async (req, _reply, user) => {
        const refused = await reingest(db, storage, jobs, req.params.id, req.body.override_genre ?? null, user.id);
        if (refused) throw new HttpError(409, { detail: refused });
        return detail(db, storage, req.params.id);
      },
    },

    resubmit: {
      rule: WRITE,
      handler: async (req, _reply, user) => {
        const results = [];
        for (const id of [...new Set(req.body.ids)]) {
          try {
            const refused = await reingest(db, storage, jobs, id, req.body.override_genre ?? null, user.id);
            const [d] = await db.query<{ release_status: string }>('select release_status from deliveries where id = $1', [id]);
            results.push({ id, ok: refused === null, release_status: d?.release_status ?? null, detail: refused });
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            results.push({ id, ok: false, release_status: null, detail: e.message });
          }
        }
        return { results };
      },
    },

    getXml: {
      rule: READ,
      handler: async (req) => {
        const d = await xmlOf(req.params.id);
        const xml = d.storage_prefix && d.xml_file_path ? await storage.get(xmlKeyOf(d.storage_prefix, d.xml_file_path, d.files)) : null;
        if (!xml) throw notFound();
        return { xml: xml.toString('utf8') };
      },
    },

    putXml: {
      rule: WRITE,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        const d = await xmlOf(id);
        const v = await validateErn43(req.body.xml);
        if (!v.valid) {
          throw new HttpError(400, {
            xml: [DELIVERY_MSG.xmlInvalid, ...v.errors.slice(0, 10).map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message))],
          });
        }
        const prefix = d.storage_prefix ?? `deliveries/${id}`;
        const path = d.xml_file_path && d.storage_prefix ? d.xml_file_path : `delivery-${id}.xml`;
        const name = path.split('/').pop()!.normalize('NFC');
        const key = deliveryFileKey(prefix, name);
        const { size } = await storage.put(key, req.body.xml);
        // `replaced`: a re-ingest that reads the batch folder again keeps this XML (ingest.ts refreshDeliveryFiles).
        const entry: DeliveryFile & { replaced: true } = { path: name, key, size, replaced: true };
        await db.transaction(async (tx) => {
          await tx.query(
            `update deliveries set storage_prefix = $2, xml_file_path = $3, version = version + 1, updated_at = now(),
               files = (select coalesce(jsonb_agg(f), '[]'::jsonb) from jsonb_array_elements(files) f where f->>'path' <> $4) || jsonb_build_array($5::jsonb)
             where id = $1`,
            [id, prefix, path, name, JSON.stringify(entry)],
          );
          await tx.query(
            'insert into delivery_events (delivery_id, release_status, detail) select id, release_status, $2 from deliveries where id = $1',
            [id, `XML replaced by user ${user.id}.`],
          );
        });
        return { xml: req.body.xml };
      },
    },

    // The genre XSD is for whoever builds packages: the /packaging area's people.
    genreXsd: {
      rule: AREA_RULES['/packaging'],
      handler: async (_req, reply) => {
        const rows = await db.query<{ name: string }>('select name from genres where enabled order by name');
        reply.type('application/xml');
        return genreXsd(rows.map((r) => r.name));
      },
    },
  });
}

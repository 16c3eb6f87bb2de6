/**
 * The label calls of spec §7 Labels beyond GET/PATCH by id and POST create
 * (shared/api/endpoints/labels.ts): contracts (GET/POST/PATCH, the supplier contracts'
 * shape and checks, owned by the label), mappings (the supplier label mappings that name
 * this label), the label's catalogue as CSV, and the temporary account of an unclaimed
 * label. Reading takes the labels read rule and the label's visibility (404 when hidden);
 * contracts are written under the labels write rule (admin, content ops), the temporary
 * account under TEMP_ACCOUNT_WRITE_RULE (shared/access).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEMP_ACCOUNT_WRITE_RULE } from '../../../shared/access';
import {
  LABEL_CLAIMED_MSG,
  labelEndpoints as ep,
  tempAccountEmailOf,
  type LabelMappingOfLabel,
} from '../../../shared/api/endpoints/labels';
import { csvLine } from '../../../shared/search/csv';
import { hashPassword } from '../../auth/crypto';
import type { Db } from '../../db/client';
import { HttpError } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { endpointsOf, registerHandlers } from '../route';
import { CONTRACTS, registerItems } from './suppliers';
import { lockedParent, onePage, readRuleOf, visibleParent } from './subresource';

/** The label CSV's columns (one line per track of the label's releases). */
export const LABEL_CSV_COLUMNS = [
  'Release ID',
  'Release',
  'Catalog Number',
  'UPC',
  'Street Date',
  'Track ID',
  'Track',
  'Mix Name',
  'Artists',
  'ISRC',
  'Genre',
  'Encode Status',
] as const;

export function registerLabelRoutes(app: FastifyInstance, db: Db) {
  registerItems(app, db, { list: ep.contracts, create: ep.addContract, patch: ep.patchContract }, CONTRACTS, {
    type: 'labels',
    column: 'label_id',
  });

  registerHandlers(app, db, endpointsOf(ep, 'mappings', 'downloadCsv', 'tempAccount'), {
    mappings: {
      rule: readRuleOf('labels'),
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'labels', user, req.params.id);
        return onePage(
          await db.query<LabelMappingOfLabel>(
            `select m.id, m.version, m.supplier_id, s.name as supplier, m.source_label, json_build_object('id', l.id, 'name', l.name) as label, m.blacklisted
           from supplier_label_mappings m join suppliers s on s.id = m.supplier_id join labels l on l.id = m.label_id
           where m.label_id = $1 order by lower(s.name), lower(m.source_label), m.id`,
            [req.params.id],
          ),
        );
      },
    },

    downloadCsv: {
      rule: readRuleOf('labels'),
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await visibleParent(db, 'labels', user, id);
        const rows = await db.query<Record<string, string | number | null>>(
          `select r.id as release_id, r.title as release, r.catalog_number, r.upc, to_char(r.street_date, 'YYYY-MM-DD') as street_date,
             t.id as track_id, t.title as track, t.mix_name, t.artist_names, t.isrc, g.name as genre, t.encode_status
           from releases r join tracks t on t.release_id = r.id left join genres g on g.id = t.genre_id
           where r.label_id = $1 order by r.id, t.position, t.id`,
          [id],
        );
        let csv = csvLine(LABEL_CSV_COLUMNS);
        for (const r of rows) {
          csv += csvLine([
            r.release_id,
            r.release,
            r.catalog_number,
            r.upc,
            r.street_date,
            r.track_id,
            r.track,
            r.mix_name,
            r.artist_names,
            r.isrc,
            r.genre,
            r.encode_status,
          ]);
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="label-${id}.csv"`)
          .header('x-total-count', String(rows.length))
          .header('cache-control', 'no-store')
          .send(csv);
      },
    },

    tempAccount: {
      rule: TEMP_ACCOUNT_WRITE_RULE,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        // 96 random bits, shown in this answer only; the account keeps its scrypt hash.
        const password = randomBytes(12).toString('base64url');
        const hash = await hashPassword(password);
        const answer = await db.transaction(async (tx) => {
          await lockedParent(tx, 'labels', user, id);
          const [label] = await tx.query<{ claimed: boolean; temp_username: string | null }>(
            'select claimed, temp_username from labels where id = $1',
            [id],
          );
          if (label.claimed) throw new HttpError(409, { detail: LABEL_CLAIMED_MSG });
          const [own] = label.temp_username
            ? await tx.query<{ id: number }>('select id from users where username = $1 and label_id = $2', [label.temp_username, id])
            : [];
          let username = label.temp_username ?? `label${id}-temp`;
          if (own) {
            await tx.query('update users set password_hash = $2, version = version + 1 where id = $1', [own.id, hash]);
          } else {
            const [taken] = await tx.query('select 1 from users where username = $1', [username]);
            if (taken) username = `label${id}-temp-${randomBytes(3).toString('hex')}`;
            await tx.query(
              `insert into users (username, email, password_hash, display_name, app, role, brands, label_id)
               values ($1, $2, $3, $4, 'app:baseware', 'user:label', array['brand:dance'], $5)`,
              [username, tempAccountEmailOf(username), hash, username, id],
            );
          }
          // Not a change of the label's fields (its ETag stays): the account's name only.
          if (username !== label.temp_username) await tx.query('update labels set temp_username = $2 where id = $1', [id, username]);
          // The history says a password was generated, never which.
          await recordHistory(tx, {
            entity: 'labels',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { temp_account: { old: label.temp_username, new: `${username} (new temporary password)` } },
          });
          return { label_id: id, username, password, email: tempAccountEmailOf(username) };
        });
        reply.code(201).header('cache-control', 'no-store');
        return answer;
      },
    },
  });
}

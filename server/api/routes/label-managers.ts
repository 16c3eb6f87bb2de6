/**
 * GET/POST/PATCH /v4/content-ops/label-managers/ (shared/api/endpoints/label-managers.ts):
 * the /label-manager screen's calls, under WRITE_RULES.labelManagers (admin, label
 * management: the area's rule) for reading and writing alike. Each write locks what it
 * changes, keeps names unique without regard to case, bumps the version and writes a
 * history row ('label_managers').
 */
import type { FastifyInstance } from 'fastify';
import { WRITE_RULES } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import {
  LABEL_MANAGER_LABELS_SHOWN,
  LABEL_MANAGER_MSG,
  labelManagerEndpoints as ep,
  type LabelManager,
} from '../../../shared/api/endpoints/label-managers';
import type { Db, Queryable } from '../../db/client';
import { badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { registerHandlers } from '../route';

const RULE = WRITE_RULES.labelManagers;

async function managers(q: Queryable, id?: number): Promise<LabelManager[]> {
  return q.query<LabelManager>(
    `select m.id, m.name, m.enabled, m.version,
       (select count(*)::int from labels l where l.label_manager_id = m.id) as label_count,
       coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name, x.id)
                 from (select l.id, l.name from labels l where l.label_manager_id = m.id order by l.name, l.id limit $2) x), '[]'::json) as labels
     from label_managers m ${id === undefined ? 'where $1::int is null' : 'where m.id = $1'}
     order by lower(m.name), m.id`,
    [id ?? null, LABEL_MANAGER_LABELS_SHOWN],
  );
}

/** Refuses a name another manager has (any case). */
async function assertNameFree(tx: Queryable, name: string, except?: number) {
  const [taken] = await tx.query('select id from label_managers where lower(name) = lower($1) and id <> coalesce($2::int, 0) limit 1', [
    name,
    except ?? null,
  ]);
  if (taken) throw badRequest('name', LABEL_MANAGER_MSG.nameTaken);
}

export function registerLabelManagerRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, ep, {
    list: { rule: RULE, handler: async () => onePage(await managers(db)) },

    create: {
      rule: RULE,
      handler: async (req, reply, user) => {
        const { name, enabled = true } = req.body;
        const made = await db.transaction(async (tx) => {
          // One create or rename at a time, so two of the same name cannot both pass the check.
          await tx.query('lock table label_managers in share row exclusive mode');
          await assertNameFree(tx, name);
          const [{ id }] = await tx.query<{ id: number }>('insert into label_managers (name, enabled) values ($1, $2) returning id', [
            name,
            enabled,
          ]);
          await recordHistory(tx, {
            entity: 'label_managers',
            entityId: id,
            userId: user.id,
            action: 'create',
            changes: { name: { old: null, new: name }, enabled: { old: null, new: enabled } },
          });
          return (await managers(tx, id))[0];
        });
        reply.code(201);
        return made;
      },
    },

    patch: {
      rule: RULE,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        return db.transaction(async (tx) => {
          await tx.query('lock table label_managers in share row exclusive mode');
          const [before] = await tx.query<{ name: string; enabled: boolean }>('select name, enabled from label_managers where id = $1', [
            id,
          ]);
          if (!before) throw notFound();
          const after = { name: req.body.name ?? before.name, enabled: req.body.enabled ?? before.enabled };
          if (after.name !== before.name) await assertNameFree(tx, after.name, id);
          const changes = Object.fromEntries(
            (['name', 'enabled'] as const).filter((k) => after[k] !== before[k]).map((k) => [k, { old: before[k], new: after[k] }]),
          );
          if (Object.keys(changes).length) {
            await tx.query('update label_managers set name = $2, enabled = $3, version = version + 1 where id = $1', [
              id,
              after.name,
              after.enabled,
            ]);
            await recordHistory(tx, { entity: 'label_managers', entityId: id, userId: user.id, action: 'update', changes });
          }
          return (await managers(tx, id))[0];
        });
      },
    },
  });
}

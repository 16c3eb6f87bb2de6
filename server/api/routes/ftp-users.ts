/**
 * §7 content-ops ftp-users (shared/api/endpoints/ftp-users.ts): the SFTP users of each
 * supplier, under WRITE_RULES.ftpUsers (admin, content ops) for reading and writing.
 * Passwords are random, shown once and stored as scrypt hashes; each write locks the
 * user's row, bumps its version and writes a history row ('ftp_users') that never holds
 * a password or key (keys by fingerprint).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WRITE_RULES } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { ftpUserEndpoints as ep, type FtpUser } from '../../../shared/api/endpoints/ftp-users';
import { FTP_USER_MSG, MSG } from '../../../shared/messages';
import { hashPassword } from '../../auth/crypto';
import type { Db, Queryable } from '../../db/client';
import { parsePublicKeyLine } from '../../sftp/keys';
import { badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { registerHandlers } from '../route';

const RULE = WRITE_RULES.ftpUsers;

/** A new password: 144 random bits, base64url (24 characters). */
const newPassword = () => randomBytes(18).toString('base64url');

async function ftpUsers(q: Queryable, where: { id?: number; supplierId?: number }): Promise<FtpUser[]> {
  return q.query<FtpUser>(
    `select u.id, u.supplier_id, s.name as supplier_name, u.username, u.enabled, u.password_hash is not null as has_password,
       to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, u.version,
       coalesce((select json_agg(json_build_object('id', k.id, 'algorithm', k.algorithm, 'fingerprint', k.fingerprint, 'comment', k.comment,
                   'created_at', to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by k.id)
                 from ftp_user_keys k where k.ftp_user_id = u.id), '[]'::json) as keys
     from ftp_users u join suppliers s on s.id = u.supplier_id
     where ($1::int is null or u.id = $1) and ($2::int is null or u.supplier_id = $2)
     order by lower(s.name), s.id, u.username`,
    [where.id ?? null, where.supplierId ?? null],
  );
}

/** The user's row, locked for this transaction; 404 when there is none. */
async function locked(tx: Queryable, id: number) {
  const [row] = await tx.query<{ id: number; enabled: boolean }>('select id, enabled from ftp_users where id = $1 for update', [id]);
  if (!row) throw notFound();
  return row;
}

export function registerFtpUserRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, ep, {
    list: {
      rule: RULE,
      handler: async (req) => onePage(await ftpUsers(db, { supplierId: req.query.supplier_id })),
    },

    create: {
      rule: RULE,
      handler: async (req, reply, user) => {
        const { supplier_id, username } = req.body;
        const password = newPassword();
        const hash = await hashPassword(password);
        const made = await db.transaction(async (tx) => {
          const [supplier] = await tx.query('select id from suppliers where id = $1 for share', [supplier_id]);
          if (!supplier) throw badRequest('supplier_id', MSG.selectFromList);
          const [row] = await tx.query<{ id: number }>(
            'insert into ftp_users (supplier_id, username, password_hash) values ($1, $2, $3) on conflict (username) do nothing returning id',
            [supplier_id, username, hash],
          );
          if (!row) throw badRequest('username', FTP_USER_MSG.usernameTaken);
          await recordHistory(tx, {
            entity: 'ftp_users',
            entityId: row.id,
            userId: user.id,
            action: 'create',
            changes: {
              supplier_id: { old: null, new: supplier_id },
              username: { old: null, new: username },
              enabled: { old: null, new: true },
            },
          });
          return (await ftpUsers(tx, { id: row.id }))[0];
        });
        reply.code(201);
        return { ...made, password };
      },
    },

    patch: {
      rule: RULE,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        return db.transaction(async (tx) => {
          const before = await locked(tx, id);
          if (before.enabled !== req.body.enabled) {
            await tx.query('update ftp_users set enabled = $2, version = version + 1 where id = $1', [id, req.body.enabled]);
            await recordHistory(tx, {
              entity: 'ftp_users',
              entityId: id,
              userId: user.id,
              action: 'update',
              changes: { enabled: { old: before.enabled, new: req.body.enabled } },
            });
          }
          return (await ftpUsers(tx, { id }))[0];
        });
      },
    },

    resetPassword: {
      rule: RULE,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        const password = newPassword();
        const hash = await hashPassword(password);
        const row = await db.transaction(async (tx) => {
          await locked(tx, id);
          await tx.query('update ftp_users set password_hash = $2, version = version + 1 where id = $1', [id, hash]);
          await recordHistory(tx, {
            entity: 'ftp_users',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { password: { old: null, new: 'reset' } },
          });
          return (await ftpUsers(tx, { id }))[0];
        });
        return { ...row, password };
      },
    },

    addKey: {
      rule: RULE,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        const key = parsePublicKeyLine(req.body.public_key);
        if (!key) throw badRequest('public_key', FTP_USER_MSG.notAPublicKey);
        const row = await db.transaction(async (tx) => {
          await locked(tx, id);
          const [added] = await tx.query(
            `insert into ftp_user_keys (ftp_user_id, algorithm, key_data, comment, fingerprint) values ($1, $2, $3, $4, $5)
             on conflict (ftp_user_id, key_data) do nothing returning id`,
            [id, key.algorithm, key.key_data, key.comment, key.fingerprint],
          );
          if (!added) throw badRequest('public_key', FTP_USER_MSG.keyTaken);
          await tx.query('update ftp_users set version = version + 1 where id = $1', [id]);
          await recordHistory(tx, {
            entity: 'ftp_users',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { keys: { old: null, new: `added ${key.fingerprint}` } },
          });
          return (await ftpUsers(tx, { id }))[0];
        });
        reply.code(201);
        return row;
      },
    },

    removeKey: {
      rule: RULE,
      handler: async (req, reply, user) => {
        const { id, key_id } = req.params;
        await db.transaction(async (tx) => {
          await locked(tx, id);
          const [gone] = await tx.query<{ fingerprint: string }>(
            'delete from ftp_user_keys where id = $1 and ftp_user_id = $2 returning fingerprint',
            [key_id, id],
          );
          if (!gone) throw notFound();
          await tx.query('update ftp_users set version = version + 1 where id = $1', [id]);
          await recordHistory(tx, {
            entity: 'ftp_users',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { keys: { old: `removed ${gone.fingerprint}`, new: null } },
          });
        });
        return reply.code(204).send();
      },
    },
  });
}

/**
 * SFTP delivery (issue 15): each supplier's SFTP users (§7 content-ops ftp-users) and
 * their public keys. The drop server (server/sftp) signs them in; each sees only its
 * supplier's folder of the drop root.
 */
import { boolean, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { fkey, now, timestamptz, version } from './columns';
import { suppliers } from './parties';

export const ftp_users = pgTable(
  'ftp_users',
  {
    id: serial().primaryKey(),
    supplier_id: integer().notNull(),
    /** The SFTP user name (unique store-wide: the drop server finds the supplier by it). */
    username: text().notNull(),
    /** scrypt of the password (server/auth/crypto.ts hashPassword); the password is shown once, when set. */
    password_hash: text(),
    enabled: boolean().notNull().default(true),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    unique('ftp_users_username_key').on(t.username),
    index('ftp_users_supplier').on(t.supplier_id),
    fkey('ftp_users', t.supplier_id, suppliers.id),
  ],
);

export const ftp_user_keys = pgTable(
  'ftp_user_keys',
  {
    id: serial().primaryKey(),
    ftp_user_id: integer().notNull(),
    /** The key's algorithm as OpenSSH names it (ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256…). */
    algorithm: text().notNull(),
    /** The public key blob, base64 (the second field of an authorized_keys line). */
    key_data: text().notNull(),
    comment: text().notNull().default(''),
    /** SHA256:… as `ssh-keygen -l` prints it. */
    fingerprint: text().notNull(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [unique('ftp_user_keys_user_key').on(t.ftp_user_id, t.key_data), fkey('ftp_user_keys', t.ftp_user_id, ftp_users.id)],
);

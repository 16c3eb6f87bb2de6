/**
 * SFTP users (§7 content ops "ftp-users"; issue 15 "Delivery: SFTP"): each supplier's
 * users of the SFTP drop server (server/sftp). Content ops lists, creates and disables
 * them, resets a password (the new password is in that answer only: the server keeps its
 * scrypt hash) and adds or removes public keys. The supplier record page's "SFTP users"
 * tab uses these calls. Paths are ours under /v4/content-ops/ (the spec names only
 * "ftp-users"). A user signs in with its password, one of its keys, or its supplier's
 * ingester key as the password.
 */
import { z } from 'zod';
import { FTP_USER_MSG } from '../../messages';
import { endpoint, IdParam } from '../endpoint';
import { refersTo } from '../references';
import { listEnvelope } from '../envelope';

export const FTP_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** The longest public key line taken (an RSA 16384-bit key's line is under 3 kB). */
export const PUBLIC_KEY_MAX = 8192;

export const FtpUserKey = z.object({
  id: z.number().int(),
  algorithm: z.string(),
  /** SHA256:… as `ssh-keygen -l` prints it. */
  fingerprint: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type FtpUserKey = z.infer<typeof FtpUserKey>;

export const FtpUser = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  username: z.string(),
  enabled: z.boolean(),
  /** Whether a password is set (never the password). */
  has_password: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
  keys: z.array(FtpUserKey),
});
export type FtpUser = z.infer<typeof FtpUser>;

/** A user with its new password: in this answer only. */
export const FtpUserWithPassword = FtpUser.extend({ password: z.string() });
export type FtpUserWithPassword = z.infer<typeof FtpUserWithPassword>;

const supplierId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/, 'A valid integer is required.')
        .transform(Number),
    ],
    { error: 'A valid integer is required.' },
  )
  .pipe(
    z
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(1, 'A valid integer is required.')
      .max(999_999_999, 'A valid integer is required.'),
  );

export const FtpUserQuery = z.object({ supplier_id: supplierId.optional() });
export const FtpUserCreate = z.strictObject({
  supplier_id: refersTo(supplierId, { record: 'suppliers' }),
  username: z.string({ error: 'This field may not be blank.' }).trim().regex(FTP_USERNAME_PATTERN, FTP_USER_MSG.usernameFormat),
});
export const FtpUserPatch = z.strictObject({ enabled: z.boolean({ error: 'Must be true or false.' }) });
export const FtpUserKeyBody = z.strictObject({
  public_key: z
    .string({ error: 'This field may not be blank.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(PUBLIC_KEY_MAX, `Ensure this field has no more than ${PUBLIC_KEY_MAX} characters.`)
    .refine((s) => !/[\r\n\0]/.test(s), FTP_USER_MSG.notAPublicKey),
});

const PATH = '/v4/content-ops/ftp-users/';
const params = z.object({ id: IdParam });

export const ftpUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: PATH,
    query: FtpUserQuery,
    response: listEnvelope(FtpUser),
    doc: "SFTP users by supplier and user name, with their keys; `supplier_id` lists one supplier's.",
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    body: FtpUserCreate,
    response: FtpUserWithPassword,
    doc: 'Adds an enabled SFTP user to a supplier with a new password, in this answer only (201). A taken name is a 400 naming `username`.',
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${PATH}:id/`,
    params,
    body: FtpUserPatch,
    response: FtpUser,
    doc: 'Disables (or enables again) an SFTP user: a disabled user cannot sign in.',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: `${PATH}:id/reset-password/`,
    params,
    response: FtpUserWithPassword,
    doc: 'Gives the user a new password, in this answer only; the old one stops working.',
  }),
  addKey: endpoint({
    method: 'POST',
    path: `${PATH}:id/keys/`,
    params,
    body: FtpUserKeyBody,
    response: FtpUser,
    doc: 'Adds a public key (one authorized_keys line: "ssh-ed25519 AAAA… comment"); 201. Not a public key: a 400 naming `public_key`.',
  }),
  removeKey: endpoint({
    method: 'DELETE',
    path: `${PATH}:id/keys/:key_id/`,
    params: z.object({ id: IdParam, key_id: IdParam }),
    response: z.null(),
    doc: "Removes one of the user's public keys (204).",
  }),
};

/** The seed's parties: suppliers, labels and their people, the users (the sandbox accounts among them) and the service agreement. */
import type { Queryable } from '../db/client';
import { hashToken } from '../auth/crypto';
import { AGREEMENT_PENDING_ACCOUNT, SANDBOX_ACCOUNTS, type SandboxAccount } from './accounts';
import { GENRES, MARKET_COUNTRIES } from '../db/reference';
import { SERVICE_AGREEMENT } from '../../shared/constants';
import type { Rng } from './rng';
import { FIRST_NAMES, LABEL_MANAGERS, LABEL_WORDS, LAST_NAMES, SUPPLIER_NAMES, TITLE_WORDS } from './words';
import { pick, EXCLUSIVE_DAYS } from './sql';
import type { SeedCounts } from './seed';

export async function parties(tx: Queryable, r: Rng, c: SeedCounts) {
  for (let i = 0; i < SUPPLIER_NAMES.length; i++) {
    const name = SUPPLIER_NAMES[i];
    const party = r.bool(0.8) ? `PADPIDA${String(r.int(0, 9_999_999_999)).padStart(10, '0')}${r.bool(0.3) ? 'X' : ''}` : null;
    const [s] = await tx.query<{ id: number }>(
      `insert into suppliers (name, ingester_key, ingester_key_hint, ingester_key_created_at, ddex_party_id, auto_create_labels, vendor_code,
         pposp_enrolled, default_exclusive_period)
       values ($1, $2, $3, now(), $4, $5, $6, $7, $8) returning id`,
      [
        name,
        hashToken(`ingest-${i + 1}`),
        `ingest-${i + 1}`.slice(-4),
        party,
        r.bool(),
        `V${String(1000 + i)}`,
        r.bool(0.4),
        r.pick(EXCLUSIVE_DAYS),
      ],
    );
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    await tx.query(
      `insert into contacts (supplier_id, contact_type_id, first_name, last_name, email, username, phone, phone_ext,
         address1, city, postal_code, country_id, website, is_primary)
       values ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true)`,
      [
        s.id,
        first,
        last,
        `${first}.${last}@supplier${s.id}.example`.toLowerCase(),
        `${first}${s.id}`.toLowerCase(),
        `+1 303 555 ${String(r.int(1000, 9999))}`,
        String(r.int(10, 99)),
        `${r.int(1, 999)} Market Street`,
        'Denver',
        '80202',
        r.int(1, MARKET_COUNTRIES.length),
        `https://supplier${s.id}.example`,
      ],
    );
    await tx.query(
      `insert into banking (supplier_id, bank_name, name_on_account, routing_number, account_number, swift, iban, paypal_email, tax_id)
       values ($1, 'First Sandbox Bank', $2, $3, $4, 'SANDUS33XXX', $5, $6, $7)`,
      [
        s.id,
        name.slice(0, 45),
        String(r.int(100000000, 999999999)),
        String(r.int(10000000, 99999999)),
        `GB${r.int(10, 99)}SAND${r.int(10000000, 99999999)}`,
        `payments@supplier${s.id}.example`,
        `TAX-${r.int(100000, 999999)}`,
      ],
    );
    await tx.query(
      `insert into contracts (supplier_id, contract_type_id, commercial_model_id, start_date, active)
       values ($1, $2, 1, current_date - $3::int, true)`,
      [s.id, r.int(1, 3), r.int(100, 2000)],
    );
    await tx.query(
      `insert into supplier_genre_mappings (supplier_id, source_genre, genre_id, restricted)
       values ($1, 'Electronic', $2, false), ($1, 'Dance', $3, false), ($1, 'Spoken Word', null, true)`,
      [s.id, r.int(1, GENRES.length), r.int(1, GENRES.length)],
    );
  }
  await tx.query(
    `insert into labels (name, supplier_id, bio, is_available_for_pre_order, default_pre_order_weeks, hype_eligible,
       hype_active, hype_trial_start, hype_trial_end, label_manager_id, claimed, temp_username, created_at)
     select initcap(${pick(TITLE_WORDS)}) || ' ' || ${pick(LABEL_WORDS)} || case when g % 7 = 0 then ' ' || g else '' end,
       case when g <= 3 then 1 else 1 + floor(random() * $2)::int end,
       'Independent label number ' || g,
       random() < 0.5, floor(random() * 5)::int, random() < 0.6, random() < 0.3,
       case when g % 5 = 0 then current_date - 30 end, case when g % 5 = 0 then current_date + 60 end,
       1 + floor(random() * $3)::int, g % 10 <> 0, case when g % 10 = 0 then 'label' || g || '-temp' end,
       now() - (floor(random() * 3000) || ' days')::interval
     from generate_series(1, $1::int) g order by g`,
    [c.labels, SUPPLIER_NAMES.length, LABEL_MANAGERS.length],
  );
  await tx.query(
    `insert into supplier_label_mappings (supplier_id, source_label, label_id, blacklisted)
     select supplier_id, upper(name), id, id % 23 = 0 from labels where id % 4 = 0`,
  );
  await tx.query(
    `insert into contracts (label_id, contract_type_id, commercial_model_id, start_date, end_date, active)
     select id, 1 + id % 3, 1 + id % 3, current_date - 400, case when id % 9 = 0 then current_date - 10 end, id % 9 <> 0
     from labels`,
  );
}

export async function users(tx: Queryable, c: SeedCounts, hashes: string[]) {
  for (let i = 0; i < SANDBOX_ACCOUNTS.length; i++) await insertAccount(tx, SANDBOX_ACCOUNTS[i], hashes[i]);
  await tx.query(
    `insert into users (username, email, first_name, last_name, display_name, role, brands, registered_at, last_login,
       register_ip, country_id, dj_name, dj_slug, dj_profile_enabled, dj_is_indexed, is_indexed, decline_transactions,
       bypass_fraud_checks)
     select lower(f) || '.' || lower(l) || g, lower(f) || '.' || lower(l) || g || '@mail.example', f, l, f || ' ' || l,
       case when g % 10 = 0 then 'user:dj' when g % 25 = 1 then 'user:artist' else null end,
       case when g % 3 = 0 then array['brand:dj'] else array['brand:dance'] end,
       ts, ts + (floor(random() * 300) || ' days')::interval,
       '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256),
       1 + floor(random() * ${MARKET_COUNTRIES.length})::int,
       case when g % 10 = 0 then 'DJ ' || f || ' ' || l end, case when g % 10 = 0 then 'dj-' || lower(f) || '-' || g end,
       g % 10 = 0, g % 20 = 0, random() < 0.9, random() < 0.02, random() < 0.01
     from (select g, ${pick(FIRST_NAMES)} f, ${pick(LAST_NAMES)} l,
             now() - (floor(random() * 1500) || ' days')::interval ts
           from generate_series(1, $1::int) g) x order by g`,
    [c.customers],
  );
  // Linked sign-in identities (user page "identities"): everyone's store password, and a
  // Google or Apple sign-in for some customers.
  await tx.query(
    `insert into user_identities (user_id, provider, subject, email, linked_at, last_used_at)
     select id, 'password', username, email, registered_at, last_login from users
     union all
     select id, 'google', 'g-' || md5('google' || id), email, registered_at + interval '3 days', last_login from users where id % 4 = 0
     union all
     select id, 'apple', 'a-' || md5('apple' || id), null, registered_at + interval '9 days', null from users where id % 7 = 0`,
  );
}

/**
 * The service agreement: the sandbox supplier has accepted the version in force (so it
 * reaches the console at sign-in); AGREEMENT_PENDING_ACCOUNT, a supplier user added last
 * (the other users' ids stay as they were), has not.
 */
export async function agreement(tx: Queryable, pendingHash: string) {
  await tx.query(
    `insert into service_agreement_acceptances (supplier_id, user_id, version, ip)
     select supplier_id, id, $1, '127.0.0.1' from users where role = 'user:supplier' and username = any($2::text[])`,
    [SERVICE_AGREEMENT.version, SANDBOX_ACCOUNTS.filter((a) => a.role === 'user:supplier').map((a) => a.username)],
  );
  await insertAccount(tx, AGREEMENT_PENDING_ACCOUNT, pendingHash);
}

async function insertAccount(tx: Queryable, a: SandboxAccount, hash: string) {
  const [first, last] = a.displayName.split(' ');
  await tx.query(
    `insert into users (username, email, password_hash, display_name, first_name, last_name, app, role, brands,
       supplier_id, label_id, register_ip, country_id, dj_name, dj_slug, dj_profile_enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '127.0.0.1', 1, $12, $13, $14)`,
    [
      a.username,
      `${a.username}@sandbox.example`,
      hash,
      a.displayName,
      first,
      last,
      a.app,
      a.role,
      [...a.brands],
      a.supplierId ?? null,
      a.labelId ?? null,
      a.djName ?? null,
      a.djName ? `sandbox-${a.username}` : null,
      a.djName !== undefined,
    ],
  );
}

/**
 * Scope vocabulary of spec §6 and the pure permission check.
 *
 * The identity provider issues a space-separated scope string:
 *   `<app> <staff:role | user:kind> <brand> [<brand>]`
 * e.g. `app:control staff:admin brand:dance brand:dj`.
 * Brand tokens are `brand:dance` (the dance-music store) and `brand:dj`
 * (the DJ-oriented store). A user may hold both; the console picks the active
 * one (brand switch) and only the active brand counts in `can()`.
 */

export const APP_CONTROL = 'app:control';
export const APP_BASEWARE = 'app:baseware';
export const APPS = [APP_CONTROL, APP_BASEWARE] as const;

export const STAFF_ROLES = [
  'staff:admin',
  'staff:content_ops',
  'staff:curation',
  'staff:marketing',
  'staff:label_mgmt',
  'staff:support',
  'staff:finance',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const USER_KINDS = ['user:supplier', 'user:label', 'user:artist', 'user:dj'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const BRAND_DANCE = 'brand:dance';
export const BRAND_DJ = 'brand:dj';
export const BRANDS = [BRAND_DANCE, BRAND_DJ] as const;
export type Brand = (typeof BRANDS)[number];

export const BRAND_NAMES: Readonly<Record<Brand, string>> = {
  [BRAND_DANCE]: 'Dance music store',
  [BRAND_DJ]: 'DJ store',
};

/** All the scopes every group below is made of. */
export type Scope = (typeof APPS)[number] | StaffRole | UserKind | Brand;

/** A set of scopes that must all be present. */
export type ScopeGroup = readonly string[];
/** '*' for everybody, or a list of alternative groups (any one suffices). */
export type Rule = '*' | readonly ScopeGroup[];

/** Who is asking: the scopes of the token, its feature list and the active brand. */
export interface Principal {
  readonly scopes: readonly string[];
  readonly features: readonly string[];
  /** The active brand token (`brand:dance` or `brand:dj`), '' if none. */
  readonly brand: string;
}

export function isBrand(s: string): s is Brand {
  return (BRANDS as readonly string[]).includes(s);
}

/** Splits a scope string on whitespace, dropping empties and duplicates. */
export function parseScope(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? '').split(/\s+/).filter(Boolean))];
}

/** The brands a scope string grants, in the canonical order. */
export function brandsOf(scopes: readonly string[]): Brand[] {
  return BRANDS.filter((b) => scopes.includes(b));
}

/**
 * The default (active) brand of a scope string: its first brand token, in the order the
 * scope string lists them (the user's own order: `brand:dj brand:dance` defaults to the
 * DJ store), '' when it grants none. The API's principal and the identity provider's
 * introspection both use this, so they always agree.
 */
export function defaultBrand(scopes: readonly string[]): Brand | '' {
  return scopes.find(isBrand) ?? '';
}

/**
 * Builds a principal from a scope string. The active brand defaults to defaultBrand();
 * a requested brand the user does not hold is ignored.
 */
export function principalFrom(scope: string, features: readonly string[] = [], activeBrand?: string): Principal {
  const scopes = parseScope(scope);
  const held = brandsOf(scopes);
  const brand = activeBrand && (held as string[]).includes(activeBrand) ? activeBrand : defaultBrand(scopes);
  return { scopes, features, brand };
}

/**
 * The one permission check (spec §6): allowed if the rule is '*', or if any one of
 * its groups has all its entries among the user's scopes, features and active brand.
 * Brand tokens in the scope string other than the active brand do not count, so a
 * user holding both brands is checked against the brand they are working in.
 */
export function can(principal: Principal, rule: Rule): boolean {
  if (rule === '*') return true;
  const have = new Set<string>();
  for (const s of principal.scopes) if (!isBrand(s)) have.add(s);
  for (const f of principal.features) have.add(f);
  if (principal.brand) have.add(principal.brand);
  return rule.some((group) => group.length > 0 && group.every((s) => have.has(s)));
}

/** OR of rules: allowed when any of them allows. */
export function anyOf(...rules: readonly Rule[]): Rule {
  if (rules.includes('*')) return '*';
  return rules.flatMap((r) => r as readonly ScopeGroup[]);
}

/** Each scope alone as a group: "any of these". */
export function oneOf(...scopes: readonly string[]): readonly ScopeGroup[] {
  return scopes.map((s) => [s]);
}

/** Adds `extra` to every group: "any of these, and also all of extra". */
export function withAll(rule: readonly ScopeGroup[], ...extra: readonly string[]): readonly ScopeGroup[] {
  return rule.map((g) => [...g, ...extra]);
}

/**
 * AND of rules: allowed only when every one of them allows. Each group of the result
 * is one group of each rule put together, so the result is a plain rule for `can()`.
 */
export function allOf(...rules: readonly Rule[]): Rule {
  let out: Rule = '*';
  for (const rule of rules) {
    if (rule === '*') continue;
    if (out === '*') {
      out = rule;
      continue;
    }
    const acc: Rule = out;
    out = acc.flatMap((a) => rule.map((b) => [...new Set([...a, ...b])]));
  }
  return out;
}

/**
 * Behind a reverse proxy (docs/operations.md "Running it for real"): which proxies the API and
 * identity provider believe about the client's address (env TRUST_PROXY, Fastify's `trustProxy`).
 * Without it, every request's address is the proxy's, so the per-address sign-in limits
 * (server/auth/throttle.ts) and the service agreement's recorded address would all be the
 * proxy's. Believing any sender of X-Forwarded-For would let a client choose its own
 * address and escape those limits, so only named proxies (addresses or CIDR ranges) or a
 * number of hops are taken, never "trust everything".
 */
import { isIP } from 'node:net';

export const TRUST_PROXY_INVALID =
  'TRUST_PROXY must be the proxies to believe: comma-separated addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), or a number of proxy hops from 1 to 10.';

/**
 * Fastify's trustProxy for the env TRUST_PROXY: false when unset or empty; N hops (the N
 * nearest senders believed, whoever they are); or a list of addresses/ranges. Anything else throws.
 */
export function trustProxyFrom(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value.trim() === '') return false;
  const v = value.trim();
  if (/^[0-9]{1,2}$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 10) return (_address, hop) => hop < n;
    throw new Error(`${TRUST_PROXY_INVALID} Got ${JSON.stringify(value)}.`);
  }
  const list = v.split(',').map((s) => s.trim());
  const ok = list.every((entry) => {
    const [addr, bits, ...rest] = entry.split('/');
    if (rest.length || !isIP(addr)) return false;
    if (bits === undefined) return true;
    const max = isIP(addr) === 4 ? 32 : 128;
    return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= max;
  });
  if (!ok) throw new Error(`${TRUST_PROXY_INVALID} Got ${JSON.stringify(value)}.`);
  return list;
}

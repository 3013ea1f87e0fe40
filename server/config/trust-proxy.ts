/**
 * `TRUST_PROXY`: which peers the server believes about a request's client. A trusted peer's
 * `X-Forwarded-For` gives the client address every per-client limit counts by, and its
 * `X-Forwarded-Proto` and `X-Forwarded-Host` the scheme and host the request came in on (the
 * session cookie is `Secure` on https). Believing a peer that is not a proxy lets a client name
 * its own address, so the setting says exactly which peers are proxies:
 *
 * - unset or `false`: none; the client is the peer itself.
 * - addresses and CIDRs, comma-separated (`loopback`, `10.0.0.0/8`, `192.0.2.7, 2001:db8::/32`;
 *   also `linklocal` and `uniquelocal`): those peers are proxies, and so is every address of the
 *   chain they forward that is in the list. The client is the nearest address not in it.
 * - a hop count (`1`): the peer and the hops before it, so many, are proxies, whatever their
 *   address; the client is the last address they did not add. Right only when the server can be
 *   reached through those proxies alone (a client that reaches it directly names its address), so
 *   production takes it only with the server listening on loopback (`HOST=127.0.0.1`).
 * - `true`: every peer, and every address a request names. Any client can name its own address
 *   then, so production refuses it.
 */
import { isIP } from 'node:net';
import { ConfigError } from './config-error.js';

/** The setting, read: `false`, `true` (development only), a hop count, or addresses and CIDRs. */
export type TrustProxy = boolean | number | readonly string[];

/** The address ranges `proxy-addr` (Fastify's reader of `X-Forwarded-For`) names. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const WHAT_TO_SET =
  "the proxy's addresses or CIDRs (loopback, 10.0.0.0/8, …), or its hop count (1) when the server can be reached through it alone";

/**
 * Reads `TRUST_PROXY`; `host` is the address the server listens on (`HOST`).
 * @throws ConfigError for `true` in production, for a hop count in production on an address other
 * than loopback, and for anything that is not one of the forms
 */
export function readTrustProxy(
  value: string | undefined,
  production: boolean,
  host = '127.0.0.1',
): TrustProxy {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true') {
    if (production) {
      throw new ConfigError(
        'TRUST_PROXY',
        `true lets any client choose its own address through X-Forwarded-For; set ${WHAT_TO_SET}`,
      );
    }
    return true;
  }
  if (/^\d+$/.test(setting)) {
    if (production && !isLoopback(host)) {
      throw new ConfigError(
        'TRUST_PROXY',
        `a hop count trusts whoever connects, and HOST=${host} lets clients connect directly; ` +
          "set the proxy's addresses or CIDRs (10.0.0.0/8, …), or listen on loopback (HOST=127.0.0.1)",
      );
    }
    return Number(setting);
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      throw new ConfigError('TRUST_PROXY', `must be false or ${WHAT_TO_SET}, not "${entry}"`);
    }
  }
  return entries;
}

/** Whether the server listening on `host` can be reached from this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether `entry` is a named range, an IP address, or an address with a prefix length. */
function isAddressOrRange(entry: string): boolean {
  if ((NAMED_RANGES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The setting as Fastify's `trustProxy` option. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    // Fastify takes a hop count too, but trusts no peer with it (it cannot tell a proxy from a
    // client); the operator who sets one says the server is reachable through the proxies only.
    return (_address, hop) => hop < setting;
  }
  if (typeof setting === 'boolean') return setting;
  return [...setting];
}

/**
 * Trust anchors: the URLs the server believes what comes back from (a trusted issuer's keys,
 * the captcha's verdict, an OAuth provider's tokens), sends a user to with a secret (redirect
 * URLs, which receive codes and tokens) or names itself by (`PUBLIC_URL`, the JWTs' issuer and
 * every link). Over plain http anyone on the path can read or replace what goes through them, so
 * production (`NODE_ENV=production`) refuses to start with one, naming it in one line, unless it
 * points at this machine (`localhost`, 127.0.0.0/8, `::1`: a sidecar, or a test).
 */
import { isIP } from 'node:net';
import type { ProjectSettings } from '../projects/project-settings.js';
import { ConfigError } from './config-error.js';

/** Whether `hostname` (as `URL` gives it: IPv6 in brackets) is this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Whether `url` points at this machine (the only place plain http is allowed in production). */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** Whether `url` may anchor trust in production: https, or anything to this machine. */
export function isSecureOrLoopback(url: string): boolean {
  return new URL(url).protocol === 'https:' || isLoopbackUrl(url);
}

/** What a refused anchor's line says to do. */
const PROBLEM =
  'must be an https:// URL in production (http only to localhost, 127.0.0.0/8 or ::1)';

/**
 * Refuses a plain-http `url` (named `setting` in the message), unless it is on loopback.
 * @throws ConfigError `Invalid setting {setting}: must be an https:// URL in production …`
 */
export function assertSecureAnchor(setting: string, url: string): void {
  if (!isSecureOrLoopback(url)) throw new ConfigError(setting, `${PROBLEM}, not "${url}"`);
}

/** One URL a project trusts: where it is set in the config file, and its value. */
interface Anchor {
  setting: string;
  url: string;
}

/** Every trust anchor of a project's settings, named by its path in the config file. */
export function projectAnchors(settings: ProjectSettings): Anchor[] {
  const anchors: Anchor[] = [];
  const each = (setting: string, urls: readonly string[]) => {
    for (const [index, url] of urls.entries())
      anchors.push({ setting: `${setting}[${index}]`, url });
  };
  const one = (setting: string, url: string | undefined) => {
    if (url !== undefined) anchors.push({ setting, url });
  };
  each('emailMagicLinks.loginRedirectURLs', settings.emailMagicLinks.loginRedirectURLs);
  each('emailMagicLinks.signupRedirectURLs', settings.emailMagicLinks.signupRedirectURLs);
  each('passwords.resetRedirectUrls', settings.passwords.resetRedirectUrls);
  one('passwords.pwnedPasswordsUrl', settings.passwords.pwnedPasswordsUrl);
  each('oauth.loginRedirectURLs', settings.oauth.loginRedirectURLs);
  each('oauth.signupRedirectURLs', settings.oauth.signupRedirectURLs);
  for (const [name, provider] of Object.entries(settings.oauth.providers)) {
    for (const endpoint of OAUTH_ENDPOINTS)
      one(`oauth.providers.${name}.${endpoint}`, provider[endpoint]);
  }
  const captcha = settings.botProtection.captcha;
  one('botProtection.captcha.verifyUrl', captcha?.verifyUrl);
  one('botProtection.captcha.scriptUrl', captcha?.scriptUrl);
  for (const [index, profile] of settings.trustedTokenProfiles.entries()) {
    one(`trustedTokenProfiles[${index}].jwksUrl`, profile.jwksUrl);
  }
  for (const [index, client] of settings.idp.clients.entries()) {
    each(`idp.clients[${index}].redirectUris`, client.redirectUris);
    each(`idp.clients[${index}].postLogoutRedirectUris`, client.postLogoutRedirectUris);
    each(`idp.clients[${index}].allowedOrigins`, client.allowedOrigins ?? []);
  }
  return anchors;
}

/** The endpoint overrides of an OAuth provider, each a URL the server fetches or sends users to. */
const OAUTH_ENDPOINTS = [
  'issuer',
  'authorizationEndpoint',
  'tokenEndpoint',
  'userInfoEndpoint',
  'jwksUri',
] as const;

/**
 * Refuses, in production, a plain-http `PUBLIC_URL` or trust anchor of a project (`where` names
 * the config file in the message); the first found stops start-up.
 * @throws ConfigError naming the setting
 */
export function assertSecureAnchors(
  publicUrl: string,
  projects: ReadonlyArray<{ settings: ProjectSettings }>,
  where: string,
): void {
  assertSecureAnchor('PUBLIC_URL', publicUrl);
  for (const [index, project] of projects.entries()) {
    for (const { setting, url } of projectAnchors(project.settings)) {
      assertSecureAnchor(`projects[${index}].${setting} in ${where}`, url);
    }
  }
}

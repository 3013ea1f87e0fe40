/**
 * The relying party of a project: which `domain` (RP ID) a ceremony may name, and which page
 * origins may answer it. Both come from the project: its authorized origins and the server's own.
 */
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import './passkeys-errors.js';

/** A hostname: labels of letters, digits and hyphens, separated by dots. */
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The origins whose pages may use the project: the authorized ones and the server's own. */
export function projectOrigins(project: Project, ownOrigin: string): string[] {
  return [...new Set([ownOrigin, ...project.settings.authorizedOrigins])];
}

/** Whether `hostname` is `domain` or one of its subdomains. */
function withinDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/** The origins, of those the project allows, whose pages may use credentials of `domain`. */
export function originsForDomain(project: Project, ownOrigin: string, domain: string): string[] {
  return projectOrigins(project, ownOrigin).filter((origin) =>
    withinDomain(new URL(origin).hostname, domain),
  );
}

/**
 * The RP ID of a ceremony: `domain` as asked (the page's hostname by default), lowercased.
 * It must be the hostname of an origin the project allows, or a parent domain of one (with a
 * dot: never a bare top-level domain), and contain the asking page.
 * @throws ApiError `invalid_webauthn_domain` naming the domain and the allowed hostnames
 */
export function resolveDomain(
  project: Project,
  ownOrigin: string,
  requested: string | undefined,
  pageOrigin: string | undefined,
): string {
  let pageHost: string | undefined;
  try {
    pageHost = pageOrigin ? new URL(pageOrigin).hostname : undefined;
  } catch {
    pageHost = undefined;
  }
  const domain = (requested ?? pageHost ?? new URL(ownOrigin).hostname).trim().toLowerCase();
  const hosts = projectOrigins(project, ownOrigin).map((origin) => new URL(origin).hostname);
  const allowed =
    HOSTNAME.test(domain) &&
    (domain.includes('.') || hosts.includes(domain)) &&
    hosts.some((host) => withinDomain(host, domain)) &&
    (pageHost === undefined || withinDomain(pageHost, domain));
  if (!allowed) {
    const shown = domain.slice(0, 253);
    throw new ApiError(
      'invalid_webauthn_domain',
      `The domain ${shown} is not one this project's passkeys may use: it must be the hostname ` +
        `of an authorized origin (${[...new Set(hosts)].join(', ')}) or a parent domain of one, ` +
        'and contain the page asking.',
    );
  }
  return domain;
}

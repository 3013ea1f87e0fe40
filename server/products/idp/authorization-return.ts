/**
 * The one landing besides a project's listed redirect URLs that a sign-in started on the
 * authorization page may come back to: that page itself, the project's own authorization
 * endpoint on the server's own origin (`{PUBLIC_URL}/oauth/{public_token}/authorize?…`), so an
 * OAuth provider's callback brings the visitor back to the same authorization request. The
 * query is the request's and is not judged here: the endpoint checks every parameter again
 * when the browser lands (its client, redirect URI, `prompt`, …), so the rule opens no redirect
 * to anywhere the authorization request could not send the browser anyway.
 */
import type { Project } from '../../projects/projects-repository.js';
import { issuerOf } from './idp-service.js';

/**
 * `asked` in normal form when it is `project`'s authorization endpoint on `ownOrigin` (same
 * scheme, host and port, that exact path, no credentials and no fragment), else `undefined`.
 */
export function authorizationReturn(
  asked: string | undefined,
  ownOrigin: string,
  project: Project,
): string | undefined {
  if (!asked) return undefined;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return undefined;
  }
  const endpoint = new URL(`${issuerOf(ownOrigin, project)}/authorize`);
  const same =
    url.origin === endpoint.origin &&
    url.pathname === endpoint.pathname &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    !asked.includes('#');
  return same ? url.href : undefined;
}

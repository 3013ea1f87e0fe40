/**
 * Google One Tap in development: `GET /dev/identity/google/gsi/client` serves the stand-in of
 * Google's script (`gsi-client.js`, the one the tests use) headed "Development", and
 * `POST /dev/identity/google/gsi/issue` signs the ID token its prompt hands the page: the
 * development key, the development Google issuer, the project's Google client id as audience,
 * and the nonce the prompt was started with. Only a client id a project set up with
 * `"development": true` gets one.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Projects } from '../projects/project-directory.js';
import { developmentClient } from './development-clients.js';
import { DEVELOPMENT_IDENTITY_PATH, developmentIssuer } from './development-endpoints.js';
import type { DevelopmentIdentity } from './development-identity.js';
import { personClaims } from './provider-answers.js';
import {
  IdentityFormError,
  identityOfForm,
  PRESET_IDENTITIES,
  subjectOf,
  type TestIdentity,
} from './test-identities.js';

/** Where a development server serves Google's script stand-in. */
export const GSI_CLIENT_PATH = `${DEVELOPMENT_IDENTITY_PATH}/google/gsi/client`;
const GSI_ISSUE_PATH = `${DEVELOPMENT_IDENTITY_PATH}/google/gsi/issue`;

/** How long a One Tap ID token lives, in seconds (Google's live an hour). */
const ID_TOKEN_LIFETIME_S = 3600;

/** The script: the preamble that sets the stand-in up for this server, then the stand-in. */
async function gsiClientScript(ownOrigin: string): Promise<string> {
  const standIn = await readFile(join(import.meta.dirname, 'gsi-client.js'), 'utf8');
  const [person] = PRESET_IDENTITIES;
  const preamble = `window.velvetGoogleStandIn ??= {
  label: 'Development',
  account: ${JSON.stringify({ email: person?.email, name: person?.name })},
  issueIdToken: (request) =>
    fetch(${JSON.stringify(`${ownOrigin}${GSI_ISSUE_PATH}`)}, { method: 'POST', body: JSON.stringify(request) })
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error('the development ID token was refused')))),
};
`;
  return `${preamble}${standIn}`;
}

/** What the issue request says: the prompt's nonce and client id, and the account chosen. */
interface IssueRequest {
  nonce?: unknown;
  clientId?: unknown;
  account?: { email?: unknown; name?: unknown };
}

/** Registers the One Tap stand-in's routes. */
export function oneTapStandInRoutes(
  app: FastifyInstance,
  deps: { development: DevelopmentIdentity; projects: Projects; clock: () => number },
): void {
  const { ownOrigin, key } = deps.development;
  /** Pages of the projects' origins may ask for a token (from a Vite dev server, say). */
  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && (origin === ownOrigin || deps.projects.origins().has(origin))
      ? origin
      : undefined;

  app.get(GSI_CLIENT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/javascript; charset=utf-8')
      .send(await gsiClientScript(ownOrigin)),
  );

  /** `POST /dev/identity/google/gsi/issue` (a simple request: JSON as text/plain, no preflight). */
  app.post<{ Body: unknown }>(GSI_ISSUE_PATH, async (request, reply) => {
    const origin = allowedOrigin(request.headers.origin);
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    reply.header('cache-control', 'no-store');
    const asked = checkedIssue(request.body, deps.projects);
    if (typeof asked === 'string') return reply.code(400).type('text/plain').send(asked);
    const { clientId, nonce, identity } = asked;
    // Dated by the server's clock, which the One Tap verifier reads.
    const now = Math.floor(deps.clock() / 1000);
    const token = await new SignJWT({
      ...personClaims('google', { subject: subjectOf('google', identity), identity }),
      nonce,
    })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(developmentIssuer(ownOrigin, 'google'))
      .setAudience(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ID_TOKEN_LIFETIME_S)
      .sign(key.privateKey);
    return reply.type('text/plain').send(token);
  });
}

/** The posted request checked: its client, nonce and person, or why it is refused. */
function checkedIssue(
  body: unknown,
  projects: Projects,
): { clientId: string; nonce: string; identity: TestIdentity } | string {
  const asked = issueRequestOf(body);
  const clientId = typeof asked.clientId === 'string' ? asked.clientId : undefined;
  const nonce = typeof asked.nonce === 'string' && asked.nonce.length <= 512 ? asked.nonce : '';
  if (!clientId || !developmentClient(projects, 'google', clientId) || !nonce) {
    return 'unknown client id, or no nonce';
  }
  try {
    const identity = identityOfForm({
      name: String(asked.account?.name ?? ''),
      email: String(asked.account?.email ?? ''),
      email_verified: 'on',
    });
    return { clientId, nonce, identity };
  } catch (error) {
    if (!(error instanceof IdentityFormError)) throw error;
    return error.message;
  }
}

/** The issue request of the posted text. */
function issueRequestOf(body: unknown): IssueRequest {
  try {
    const parsed: unknown = typeof body === 'string' ? JSON.parse(body) : body;
    return typeof parsed === 'object' && parsed !== null ? (parsed as IssueRequest) : {};
  } catch {
    return {};
  }
}

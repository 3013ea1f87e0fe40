/**
 * The hosts' list and the audit log over the hosts' API: `GET /hosts`, `POST /hosts` and
 * `DELETE /hosts/:id` (both need a recent sign-in: they hand out or take away the power over
 * every guest's data), and `GET /audit`, a page of the log at a time.
 */
import { type HostApi, HostInputError } from './host-api.js';
import type { HostEntry } from './host-list.js';
import { HostListError, hostAddSummary, hostRemoveSummary } from './host-list.js';
import type { HostRouteDeps } from './host-route-deps.js';

/** A host as the page reads it. */
function hostBody(entry: HostEntry) {
  return {
    id: entry.id,
    identifier: entry.identifier,
    source: entry.source,
    added_at: entry.addedAt === null ? null : new Date(entry.addedAt).toISOString(),
    added_by: entry.addedBy,
  };
}

/** The status of each refusal of the list. */
const REFUSALS: Record<HostListError['code'], number> = {
  invalid_identifier: 400,
  already_host: 409,
  not_found: 404,
  config_host: 409,
  last_host: 409,
};

/** Runs `change`, answering a refused change as the page expects it. */
async function refusing<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof HostListError)) throw error;
    throw new HostInputError(error.message, {
      status: REFUSALS[error.code],
      error: error.code,
      field: error.code === 'invalid_identifier' ? 'identifier' : undefined,
    });
  }
}

/** Registers the hosts' list and the audit log. */
export function hostListRoutes(api: HostApi, deps: HostRouteDeps): void {
  const { hostList, audit, project } = deps;

  api.get('/hosts', async () => ({ hosts: (await hostList.list()).map(hostBody) }));

  api.post(
    '/hosts',
    async ({ request, reply, host, audit: record }) => {
      const body = request.body as { identifier?: unknown } | undefined;
      if (typeof body?.identifier !== 'string' || body.identifier.trim() === '') {
        throw new HostInputError('Enter the new host’s phone number or email address.', {
          field: 'identifier',
        });
      }
      const identifier = body.identifier;
      const entry = await refusing(() => hostList.add(identifier, host.identifier));
      await record('host.add', hostAddSummary(entry));
      reply.code(201);
      return { host: hostBody(entry) };
    },
    { destructive: true },
  );

  api.delete(
    '/hosts/:id',
    async ({ request, audit: record }) => {
      const { id } = request.params as { id: string };
      const entry = await refusing(() => hostList.remove(id));
      await record('host.remove', hostRemoveSummary(entry));
      return { host: hostBody(entry) };
    },
    { destructive: true },
  );

  api.get('/audit', async ({ request }) => {
    const { before } = request.query as { before?: unknown };
    const page = await audit.list(project.projectId, {
      before: typeof before === 'string' && before.length <= 64 ? before : undefined,
    });
    return {
      entries: page.entries.map((entry) => ({
        id: entry.id,
        at: new Date(entry.at).toISOString(),
        host: entry.actor,
        action: entry.action,
        summary: entry.summary,
      })),
      next: page.next,
    };
  });
}

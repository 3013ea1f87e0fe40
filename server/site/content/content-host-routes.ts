/**
 * The invitation's content over the hosts' API (behind its guard, `../host/host-api.ts`):
 *
 * - `GET /content`: the draft, the published content, when each changed, and whether the draft
 *   differs from what guests read;
 * - `PUT /content` `{content}`: saves the draft once it passes every rule
 *   (`content-validation.ts`), else 400 `invalid_content` with each problem's path and message,
 *   having written nothing; audited with what changed (`content-changes.ts`);
 * - `POST /content/publish`: the draft becomes what guests read on their next load (audited).
 */
import { type HostApi, HostInputError } from '../host/host-api.js';
import type { HostRouteDeps } from '../host/host-route-deps.js';
import { describeChanges } from './content-changes.js';
import { ContentRepository, type StoredContent } from './content-repository.js';
import { photoFilesOf, validateContent } from './content-validation.js';

/** The largest `PUT /content` body: a content at every cap is far smaller. */
const CONTENT_BODY_LIMIT = 256 * 1024;

/** An epoch-milliseconds time as ISO 8601, or null. */
function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

/** The content as the page reads it. */
function contentBody(stored: StoredContent) {
  return {
    draft: stored.draft,
    published: stored.published,
    published_at: iso(stored.publishedAt),
    updated_at: iso(stored.updatedAt),
    unpublished_changes: JSON.stringify(stored.draft) !== stored.publishedJson,
  };
}

/** Registers the content's host routes. */
export function contentHostRoutes(api: HostApi, deps: HostRouteDeps): void {
  const contents = new ContentRepository(deps.store.db);
  const { projectId } = deps.project;
  const stored = async (): Promise<StoredContent> => {
    const found = await contents.find(projectId);
    if (!found) throw new Error('the invitation has no content: the server seeds it at start');
    return found;
  };

  api.get('/content', async () => contentBody(await stored()));

  api.put(
    '/content',
    async ({ request, host, audit }) => {
      const body = request.body as { content?: unknown } | null | undefined;
      const current = await stored();
      if (typeof body !== 'object' || body === null || body.content === undefined) {
        throw new HostInputError('Send the invitation as {"content": {…}}.', {
          field: 'content',
          error: 'invalid_content',
          problems: [{ path: '', message: 'is required' }],
        });
      }
      const check = validateContent(body.content, photoFilesOf(current.draft));
      if (!check.ok) {
        const [first] = check.problems;
        const count = check.problems.length;
        throw new HostInputError(
          `${count === 1 ? 'One thing needs' : `${count} things need`} fixing before the draft can be saved${first ? `: ${first.path}: ${first.message}` : ''}.`,
          { error: 'invalid_content', problems: check.problems },
        );
      }
      const summary = describeChanges(current.draft, check.content);
      await contents.saveDraft(projectId, check.content, deps.clock(), host.userId);
      await audit('content.save', summary);
      return contentBody(await stored());
    },
    { bodyLimit: CONTENT_BODY_LIMIT },
  );

  api.post('/content/publish', async ({ audit }) => {
    const before = await stored();
    const at = deps.clock();
    await contents.publish(projectId, at);
    const changes = describeChanges(before.published, before.draft);
    await audit(
      'content.publish',
      changes.startsWith('Changed ')
        ? `Published the invitation: ${changes.slice('Changed '.length)}`
        : 'Published the invitation again, with no changes',
    );
    return { published_at: iso(at) };
  });
}

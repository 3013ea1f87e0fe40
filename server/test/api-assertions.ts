/** Assertions shared by the API tests. */
import assert from 'node:assert/strict';
import type { ApiAnswer } from './test-server.js';

/** Asserts that `answer` is the spec's API error with this status and `error_type`. */
export function assertApiError(answer: ApiAnswer, status: number, type: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.status_code, status);
  assert.equal(answer.body.error_type, type);
  assert.equal(typeof answer.body.error_message, 'string');
  assert.ok(answer.body.error_message.length > 0);
  assert.match(String(answer.body.error_url), new RegExp(`/docs/errors#${type}$`));
  assert.match(String(answer.body.request_id), /^request-id-/);
}

/**
 * The success envelope of Stytch's SDK API: `{request_id, status_code, data}` with the same
 * `request_id` and `status_code` inside `data`. Resolves to `data`.
 * @throws AssertionError when a success body is not in that shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
export function unwrapSuccess(body: any): any {
  const ok =
    typeof body === 'object' &&
    body !== null &&
    typeof body.request_id === 'string' &&
    body.status_code === 200 &&
    typeof body.data === 'object' &&
    body.data !== null &&
    body.data.request_id === body.request_id &&
    body.data.status_code === 200;
  if (!ok) throw new Error(`not a success envelope: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

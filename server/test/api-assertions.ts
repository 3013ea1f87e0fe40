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

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answerJson, sharedBody } from './answer-json.js';

describe('answerJson', () => {
  const session = () =>
    sharedBody({
      session_id: 'session-test-1',
      started_at: '2025-07-26T19:00:00.000Z',
      attributes: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 "quoted" \u2028' },
      authentication_factors: [{ type: 'otp', phone_number_factor: { phone_id: 'p' } }],
      custom_claims: {},
    });
  const envelope = (data: Record<string, unknown>) => ({
    request_id: 'request-id-1',
    status_code: 200,
    data: { request_id: 'request-id-1', status_code: 200, ...data },
  });

  test('writes what JSON.stringify writes, byte for byte', () => {
    const payloads: unknown[] = [
      envelope({ session: session(), user: null, session_token: 'token' }),
      envelope({
        skipped: undefined,
        fn: () => 1,
        when: new Date(0),
        list: [undefined, 1],
        n: NaN,
      }),
      envelope({}),
      { error_type: 'session_not_found', error_message: 'No session.', status_code: 404 },
      { keys: [{ kty: 'EC' }], nested: { deeper: { deepest: [1, 'two', null] } } },
      { toJSON: () => ({ replaced: true }) },
      Object.assign(Object.create(null), { bare: 'object' }),
      [1, { a: undefined }],
      'a string',
      42,
      null,
      {},
    ];
    for (const payload of payloads) assert.equal(answerJson(payload), JSON.stringify(payload));
  });

  test('a shared body is written once, and its JSON reused for every answer that holds it', () => {
    const body = session();
    const first = answerJson(envelope({ session: body }));
    assert.equal(first, JSON.stringify(envelope({ session: body })));
    assert.ok(Object.isFrozen(body), 'a shared body cannot change');
    assert.throws(() => {
      (body as { session_id: string }).session_id = 'changed';
    }, TypeError);
    assert.equal(answerJson(envelope({ session: body })), first);
  });
});

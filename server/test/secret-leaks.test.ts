import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deliveredSecrets, secretLeaks } from './velvet-process.js';

describe("the check of a real server's log for the secrets it issued", () => {
  const messages = [
    {
      channel: 'sms',
      to: '+14155550101',
      text: 'Your code is 482913\n\n@localhost #482913',
      sent_at: '',
    },
    {
      channel: 'email',
      to: 'ada@example.com',
      text: 'Sign in: http://localhost:4000/?stytch_token_type=magic_links&token=abcDEF_123-xyz',
      sent_at: '',
    },
  ];

  test('finds the passcodes and link tokens the outbox delivered', () => {
    assert.deepEqual(deliveredSecrets(messages).sort(), ['482913', 'abcDEF_123-xyz']);
  });

  test('names every line holding a delivered secret or a JWT, and no other', () => {
    const log = [
      '{"msg":"incoming request","url":"/?stytch_token_type=magic_links&token=[redacted]"}',
      '{"msg":"incoming request","url":"/?token=abcDEF_123-xyz"}',
      '{"msg":"code","text":"482913"}',
      '{"pid":1482913,"time":1753552800000}',
      '{"hint":"eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2ln"}',
    ];
    assert.deepEqual(secretLeaks(log, deliveredSecrets(messages)), [log[1], log[2], log[4]]);
  });
});

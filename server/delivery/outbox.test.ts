import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DevOutbox, OUTBOX_CAPACITY } from './outbox.js';

function quietOutbox(): { outbox: DevOutbox; lines: string[] } {
  const lines: string[] = [];
  return { outbox: new DevOutbox({ log: (line) => lines.push(line) }), lines };
}

describe('DevOutbox', () => {
  test('carries every channel under the name outbox', () => {
    const { outbox } = quietOutbox();
    assert.equal(outbox.name, 'outbox');
    assert.deepEqual([...outbox.channels].sort(), ['email', 'sms', 'whatsapp']);
  });

  test('keeps what was sent, newest first, with an id and a send time', async () => {
    const { outbox } = quietOutbox();
    const first = await outbox.send({ channel: 'sms', to: '+14155552671', text: 'first' });
    const second = await outbox.send({
      channel: 'email',
      to: 'guest@example.com',
      text: 'second',
      subject: 'Your Velvet sign-in code',
      html: '<p>second</p>',
    });
    assert.match(first.id, /^outbox-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.notEqual(first.id, second.id);

    const entries = outbox.list();
    assert.deepEqual(
      entries.map((e) => e.text),
      ['second', 'first'],
    );
    const [email, sms] = entries;
    assert.ok(email && sms);
    assert.equal(email.id, second.id);
    assert.equal(email.channel, 'email');
    assert.equal(email.to, 'guest@example.com');
    assert.equal(email.subject, 'Your Velvet sign-in code');
    assert.equal(email.html, '<p>second</p>');
    assert.equal(sms.id, first.id);
    assert.equal(sms.subject, undefined);
    assert.equal(new Date(sms.sent_at).toISOString(), sms.sent_at);
  });

  test('filters by exact recipient', async () => {
    const { outbox } = quietOutbox();
    await outbox.send({ channel: 'sms', to: '+14155552671', text: 'a' });
    await outbox.send({ channel: 'sms', to: '+14155552672', text: 'b' });
    await outbox.send({ channel: 'whatsapp', to: '+14155552671', text: 'c' });
    await outbox.send({ channel: 'sms', to: '+141555526710', text: 'd' });

    assert.deepEqual(
      outbox.list({ to: '+14155552671' }).map((e) => e.text),
      ['c', 'a'],
    );
    assert.deepEqual(outbox.list({ to: '+1415555267' }), []);
    assert.equal(outbox.list({}).length, 4);
  });

  test(`keeps only the last ${OUTBOX_CAPACITY} messages`, async () => {
    const { outbox } = quietOutbox();
    for (let i = 1; i <= OUTBOX_CAPACITY + 5; i++) {
      await outbox.send({ channel: 'sms', to: '+14155552671', text: `message ${i}` });
    }
    const entries = outbox.list();
    assert.equal(entries.length, 200);
    assert.equal(entries[0]?.text, `message ${OUTBOX_CAPACITY + 5}`);
    assert.equal(entries.at(-1)?.text, 'message 6');
  });

  test('clear forgets everything', async () => {
    const { outbox } = quietOutbox();
    await outbox.send({ channel: 'sms', to: '+14155552671', text: 'a' });
    outbox.clear();
    assert.deepEqual(outbox.list(), []);
  });

  test('prints one readable block per message', async () => {
    const { outbox, lines } = quietOutbox();
    await outbox.send({
      channel: 'sms',
      to: '+14155552671',
      text: 'Your Velvet code is 123456. It expires in 10 minutes.\n\n@example.com #123456',
    });
    await outbox.send({
      channel: 'email',
      to: 'guest@example.com',
      subject: 'Your Velvet sign-in code',
      text: 'Your Velvet sign-in code is:\n\n123456\n',
    });
    assert.deepEqual(lines, [
      '[outbox] sms to +14155552671:\n' +
        '  Your Velvet code is 123456. It expires in 10 minutes.\n' +
        '\n' +
        '  @example.com #123456',
      '[outbox] email to guest@example.com (subject: Your Velvet sign-in code):\n' +
        '  Your Velvet sign-in code is:\n' +
        '\n' +
        '  123456',
    ]);
  });

  test('a caller cannot alter the kept messages through list()', async () => {
    const { outbox } = quietOutbox();
    await outbox.send({ channel: 'sms', to: '+14155552671', text: 'a' });
    outbox.list().length = 0;
    assert.equal(outbox.list().length, 1);
  });
});

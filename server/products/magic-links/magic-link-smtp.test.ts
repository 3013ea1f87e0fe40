import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { SmtpAdapter } from '../../delivery/smtp.js';
import { startTestServer } from '../../test/test-server.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';

/** Undoes quoted-printable: soft line breaks and `=XX` escapes. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');
}

test('the link travels through a real SMTP server as text and HTML, and signs in', async (t) => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  const { port } = smtp.server.address() as AddressInfo;
  const adapter = new SmtpAdapter({
    url: `smtp://127.0.0.1:${port}`,
    from: 'Velvet <no-reply@velvet.test>',
  });
  t.after(() => adapter.close());
  const server = await startTestServer({
    project: { emailMagicLinks: { loginRedirectURLs: [LOGIN_URL] } },
    delivery: { email: adapter },
  });
  t.after(() => server.close());

  const sent = await server.api('/magic_links/email/login_or_create', {
    body: { email: 'smtp@example.com' },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal(received.length, 1, 'the relay accepted one message before the answer');
  const raw = received[0] ?? '';
  assert.match(raw, /^Subject: Finish signing up for Velvet tests$/m);
  assert.match(raw, /^To: smtp@example\.com$/m);
  assert.match(raw, /Content-Type: text\/plain/);
  assert.match(raw, /Content-Type: text\/html/);
  const body = decodeQuotedPrintable(raw);
  assert.doesNotMatch(body, /<img/i, 'no tracking pixel');
  const links = [...body.matchAll(/http:\/\/app\.velvet\.test\/signed-in\?[^\s"<]+/g)].map((m) =>
    m[0].replaceAll('&amp;', '&'),
  );
  assert.ok(links.length >= 2, 'the link is in the text and the HTML part');
  const link = new URL(links[0] ?? '');
  assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
  const ok = await server.api('/magic_links/authenticate', {
    body: { token: link.searchParams.get('token'), session_duration_minutes: 30 },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.user.emails[0].email, 'smtp@example.com');
});

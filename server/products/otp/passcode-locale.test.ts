/**
 * Passcodes in the request's `locale`, over HTTP: `es` (and `es-MX`) texts and emails in
 * Spanish, `fr-FR` in French, anything else in English; and an email template id refused before
 * anything is stored or sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf, SIGN_IN_TABLES } from '../../test/database-rows.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe("passcodes in the request's language", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** The newest message the outbox holds for `to`. */
  const lastMessage = (to: string) => {
    const [message] = server.outbox.list({ to });
    assert.ok(message, `a message went to ${to}`);
    return message;
  };

  test('locale es texts the code in Spanish, with the one-time-code line', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550140', expiration_minutes: 10, locale: 'es' },
      headers: { origin: 'http://app.velvet.test' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const code = server.lastCode('+14155550140');
    assert.equal(
      lastMessage('+14155550140').text,
      `Tu codigo para Velvet tests es ${code}. Caduca en 10 minutos.\n\n@app.velvet.test #${code}`,
    );
  });

  test('locale fr-FR sends the WhatsApp text in French, es-MX the email in Spanish', async () => {
    const whatsapp = await server.api('/otps/whatsapp/login_or_create', {
      body: { phone_number: '+14155550141', expiration_minutes: 5, locale: 'fr-FR' },
    });
    assert.equal(whatsapp.status, 200, JSON.stringify(whatsapp.body));
    const code = server.lastCode('+14155550141');
    assert.equal(
      lastMessage('+14155550141').text,
      `Votre code pour Velvet tests est ${code}. Il expire dans 5 minutes.`,
    );

    const email = await server.api('/otps/email/login_or_create', {
      body: { email: 'lucia@example.com', expiration_minutes: 1, locale: 'es-MX' },
    });
    assert.equal(email.status, 200, JSON.stringify(email.body));
    const message = lastMessage('lucia@example.com');
    assert.equal(message.subject, 'Tu código de acceso a Velvet tests');
    assert.match(
      message.text,
      /^Tu código de acceso a Velvet tests es:\n\n\d{6}\n\nCaduca en 1 minuto\./,
    );
    assert.match(message.html ?? '', /<html lang="es">/);
  });

  test('locale fr-FR sends the email in French; an unknown locale in English', async () => {
    await server.api('/otps/email/login_or_create', {
      body: { email: 'amelie@example.com', locale: 'fr-FR' },
    });
    const french = lastMessage('amelie@example.com');
    assert.equal(french.subject, 'Votre code de connexion à Velvet tests');
    assert.match(french.text, /Si vous n’avez pas demandé ce code/);
    assert.match(french.html ?? '', /<html lang="fr">/);

    await server.api('/otps/email/login_or_create', {
      body: { email: 'hans@example.com', locale: 'de-DE' },
    });
    const english = lastMessage('hans@example.com');
    assert.equal(english.subject, 'Your Velvet tests sign-in code');
    assert.match(english.html ?? '', /<html lang="en">/);
  });

  test('an email template id is refused before anything is stored or sent', async () => {
    const before = await rowsOf(server.store, [...SIGN_IN_TABLES, 'rate_limits']);
    for (const field of ['login_template_id', 'signup_template_id']) {
      const refused = await server.api('/otps/email/login_or_create', {
        body: { email: 'templated@example.com', [field]: 'welcome-v2', locale: 'es' },
      });
      assertApiError(refused, 400, 'email_template_not_supported');
      assert.match(refused.body.error_message, new RegExp(field));
    }
    assert.deepEqual(await rowsOf(server.store, [...SIGN_IN_TABLES, 'rate_limits']), before);
    assert.deepEqual(server.outbox.list({ to: 'templated@example.com' }), []);
  });

  test('an empty template id is the same as none', async () => {
    const sent = await server.api('/otps/email/login_or_create', {
      body: { email: 'untemplated@example.com', login_template_id: '', signup_template_id: '' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(lastMessage('untemplated@example.com').subject, 'Your Velvet tests sign-in code');
  });
});

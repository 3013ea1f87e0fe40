/**
 * Magic links in the request's `locale`, over HTTP: `es` emails in Spanish, `fr-FR` in French,
 * anything else in English; and a template id refused before anything is stored or sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf, SIGN_IN_TABLES } from '../../test/database-rows.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const LOGIN_URL = 'http://app.velvet.test/signed-in';
const SIGNUP_URL = 'http://app.velvet.test/welcome';

describe("magic links in the request's language", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        emailMagicLinks: { loginRedirectURLs: [LOGIN_URL], signupRedirectURLs: [SIGNUP_URL] },
      },
    });
  });
  after(() => server.close());

  /** The newest email the outbox holds for `to`. */
  const lastEmail = (to: string) => {
    const [message] = server.outbox.list({ to });
    assert.ok(message, `an email went to ${to}`);
    return message;
  };

  test('locale es emails the sign-up link in Spanish', async () => {
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'lucia@example.com', locale: 'es' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const message = lastEmail('lucia@example.com');
    assert.equal(message.subject, 'Completa tu registro en Velvet tests');
    const link = message.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    assert.ok(link.startsWith(`${SIGNUP_URL}?`), message.text);
    assert.equal(
      message.text,
      `Abre este enlace para completar tu registro en Velvet tests:\n\n${link}\n\n` +
        'Caduca en 30 minutos. El enlace solo funciona una vez.\n\n' +
        'Si no has pedido este correo, puedes ignorarlo: no pasará nada mientras no se abra el enlace.\n',
    );
    assert.match(message.html ?? '', /<html lang="es">/);
    assert.match(message.html ?? '', />Completar el registro<\/a>/);
  });

  test('locale fr-FR emails the link in French; an unknown locale in English', async () => {
    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'amelie@example.com', locale: 'fr-FR', signup_expiration_minutes: 60 },
    });
    const french = lastEmail('amelie@example.com');
    assert.equal(french.subject, 'Finalisez votre inscription à Velvet tests');
    assert.match(
      french.text,
      /^Ouvrez ce lien pour finaliser votre inscription à Velvet tests\u202f:\n/,
    );
    assert.match(french.text, /Il expire dans 1 heure\. Le lien ne fonctionne qu’une fois\./);
    assert.match(french.html ?? '', /<html lang="fr">/);

    await server.api('/magic_links/email/login_or_create', {
      body: { email: 'hans@example.com', locale: 'de' },
    });
    const english = lastEmail('hans@example.com');
    assert.equal(english.subject, 'Finish signing up for Velvet tests');
    assert.match(english.html ?? '', /<html lang="en">/);
  });

  test('a template id is refused before anything is stored or sent', async () => {
    const tables = [...SIGN_IN_TABLES, 'rate_limits'] as const;
    const before = await rowsOf(server.store, tables);
    for (const field of ['login_template_id', 'signup_template_id']) {
      const refused = await server.api('/magic_links/email/login_or_create', {
        body: { email: 'templated@example.com', [field]: 'welcome-v2' },
      });
      assertApiError(refused, 400, 'email_template_not_supported');
      assert.match(refused.body.error_message, new RegExp(field));
    }
    assert.deepEqual(await rowsOf(server.store, tables), before);
    assert.deepEqual(server.outbox.list({ to: 'templated@example.com' }), []);
  });

  test('an empty template id is the same as none', async () => {
    const sent = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'untemplated@example.com', login_template_id: '', signup_template_id: '' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(
      lastEmail('untemplated@example.com').subject,
      'Finish signing up for Velvet tests',
    );
  });
});

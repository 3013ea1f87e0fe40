/**
 * Password reset emails in the request's `locale`, over HTTP: `es` in Spanish, `fr-FR` in
 * French, anything else in English; and a template id refused before anything is stored or sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf, SIGN_IN_TABLES } from '../../test/database-rows.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const RESET_URL = 'http://app.velvet.test/reset';
/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';

describe("password resets in the request's language", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { products: ['otp', 'passwords'], passwords: { resetRedirectUrls: [RESET_URL] } },
    });
  });
  after(() => server.close());

  /** A user with a password, signed up at `email`. */
  async function signUp(email: string): Promise<void> {
    const answer = await server.api('/passwords', {
      body: { email, password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }

  /** The reset email `to` receives once `body` starts a reset. */
  async function resetEmail(to: string, body: Record<string, unknown>) {
    const started = await server.api('/passwords/email/reset/start', {
      body: { email: to, ...body },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    await eventually(() => server.outbox.list({ to }).length > 0, `a reset email to ${to}`);
    const [message] = server.outbox.list({ to });
    assert.ok(message);
    return message;
  }

  test('locale es emails the reset link in Spanish', async () => {
    await signUp('lucia@example.com');
    const message = await resetEmail('lucia@example.com', {
      locale: 'es',
      reset_password_expiration_minutes: 30,
    });
    assert.equal(message.subject, 'Restablece tu contraseña de Velvet tests');
    const link = message.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    assert.ok(link.startsWith(`${RESET_URL}?`), message.text);
    assert.equal(
      message.text,
      'Alguien ha pedido una contraseña nueva para tu cuenta de Velvet tests.\n\n' +
        `Abre este enlace en un plazo de 30 minutos para elegir una contraseña nueva:\n${link}\n\n` +
        'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
    );
    assert.match(message.html ?? '', /<html lang="es">/);
    assert.match(message.html ?? '', />Elige una contraseña nueva<\/a>/);
  });

  test('locale fr-FR emails it in French; an unknown locale in English', async () => {
    await signUp('amelie@example.com');
    const french = await resetEmail('amelie@example.com', {
      locale: 'fr-FR',
      reset_password_expiration_minutes: 60,
    });
    assert.equal(french.subject, 'Réinitialisez votre mot de passe Velvet tests');
    assert.match(
      french.text,
      /^Quelqu’un a demandé un nouveau mot de passe pour votre compte Velvet tests\.\n\nOuvrez ce lien dans un délai de 1 heure pour choisir un nouveau mot de passe\u202f:\n/,
    );
    assert.match(french.html ?? '', /<html lang="fr">/);

    await signUp('hans@example.com');
    const english = await resetEmail('hans@example.com', { locale: 'de-AT' });
    assert.equal(english.subject, 'Reset your Velvet tests password');
    assert.match(english.html ?? '', /<html lang="en">/);
  });

  test('a template id is refused before anything is stored or sent', async () => {
    await signUp('templated@example.com');
    const tables = [...SIGN_IN_TABLES, 'rate_limits'] as const;
    const before = await rowsOf(server.store, tables);
    const refused = await server.api('/passwords/email/reset/start', {
      body: {
        email: 'templated@example.com',
        reset_password_template_id: 'reset-v2',
        locale: 'fr',
      },
    });
    assertApiError(refused, 400, 'email_template_not_supported');
    assert.match(refused.body.error_message, /reset_password_template_id/);
    assert.deepEqual(await rowsOf(server.store, tables), before);
    assert.deepEqual(server.outbox.list({ to: 'templated@example.com' }), []);

    const empty = await resetEmail('templated@example.com', { reset_password_template_id: '' });
    assert.equal(empty.subject, 'Reset your Velvet tests password');
  });
});

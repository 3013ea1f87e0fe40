import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resetMessage } from './password-reset-message.js';

describe('resetMessage', () => {
  test("a project name or link with ' cannot break out of the HTML body's attributes", () => {
    const { html } = resetMessage({
      projectName: `Eve's <b>party</b>`,
      link: `http://app.velvet.test/reset?next='onmouseover='alert(1)`,
      expirationMinutes: 30,
    });
    assert.match(html, /Eve&#39;s &lt;b&gt;party&lt;\/b&gt;/);
    assert.match(html, /next=&#39;onmouseover=&#39;alert\(1\)/);
    assert.ok(!html.includes("'"), html);
  });

  test('the "Log in without password" link follows the reset link, escaped, only when given', () => {
    const without = resetMessage({
      projectName: 'Party',
      link: 'http://a.test/r',
      expirationMinutes: 60,
    });
    assert.doesNotMatch(without.text, /without password/);
    const given = resetMessage({
      projectName: 'Party',
      link: 'http://a.test/r?token=1',
      loginLink: `http://a.test/l?x='"><script>`,
      expirationMinutes: 60,
    });
    const lines = given.text.split('\n');
    assert.ok(
      lines.indexOf('http://a.test/r?token=1') < lines.indexOf(`http://a.test/l?x='"><script>`),
    );
    assert.match(
      given.text,
      /Or log in without password \(this link also works once, within 1 hour\):/,
    );
    assert.match(
      given.html,
      /<a href="http:\/\/a\.test\/l\?x=&#39;&quot;&gt;&lt;script&gt;">log in without password<\/a>/,
    );
  });
});

describe('resetMessage in the request’s language', () => {
  const input = {
    projectName: 'Velvet',
    link: 'https://a.test/r?token=x',
    loginLink: 'https://a.test/l?token=y',
    expirationMinutes: 30,
  } as const;

  test('English by default, in a document whose lang says so', () => {
    const message = resetMessage({ ...input, expirationMinutes: 60 });
    assert.equal(message.subject, 'Reset your Velvet password');
    assert.equal(
      message.text,
      'Someone asked to set a new password for your Velvet account.\n\n' +
        'Open this link within 1 hour to choose a new password:\nhttps://a.test/r?token=x\n\n' +
        'Or log in without password (this link also works once, within 1 hour):\nhttps://a.test/l?token=y\n\n' +
        'If it was not you, ignore this email: your password stays as it is.',
    );
    assert.match(message.html, /<html lang="en">/);
    assert.match(
      message.html,
      /<a href="https:\/\/a\.test\/r\?token=x">Choose a new password<\/a> \(the link works for 1 hour\)\./,
    );
  });

  test('Spanish, as tú', () => {
    const message = resetMessage({ ...input, locale: 'es' });
    assert.equal(message.subject, 'Restablece tu contraseña de Velvet');
    assert.equal(
      message.text,
      'Alguien ha pedido una contraseña nueva para tu cuenta de Velvet.\n\n' +
        'Abre este enlace en un plazo de 30 minutos para elegir una contraseña nueva:\nhttps://a.test/r?token=x\n\n' +
        'O inicia sesión sin contraseña (este enlace también funciona una sola vez, en un plazo de 30 minutos):\n' +
        'https://a.test/l?token=y\n\n' +
        'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
    );
    assert.match(message.html, /<html lang="es">/);
    assert.match(
      message.html,
      />Elige una contraseña nueva<\/a> \(el enlace funciona durante 30 minutos\)\./,
    );
    assert.match(
      message.html,
      /<p>O <a href="https:\/\/a\.test\/l\?token=y">inicia sesión sin contraseña<\/a>\.<\/p>/,
    );
  });

  test('French, as vous', () => {
    const message = resetMessage({ ...input, expirationMinutes: 120, locale: 'fr' });
    assert.equal(message.subject, 'Réinitialisez votre mot de passe Velvet');
    assert.equal(
      message.text,
      'Quelqu’un a demandé un nouveau mot de passe pour votre compte Velvet.\n\n' +
        'Ouvrez ce lien dans un délai de 2 heures pour choisir un nouveau mot de passe\u202f:\nhttps://a.test/r?token=x\n\n' +
        'Ou connectez-vous sans mot de passe (ce lien ne fonctionne lui aussi qu’une fois, dans un délai de 2 heures)\u202f:\n' +
        'https://a.test/l?token=y\n\n' +
        'Si ce n’était pas vous, ignorez cet e-mail\u202f: votre mot de passe reste inchangé.',
    );
    assert.match(message.html, /<html lang="fr">/);
    assert.match(
      message.html,
      />Choisissez un nouveau mot de passe<\/a> \(le lien fonctionne pendant 2 heures\)\./,
    );
    assert.match(
      message.html,
      /<p>Ou <a href="[^"]+">connectez-vous sans mot de passe<\/a>\.<\/p>/,
    );
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { magicLinkMessage } from './magic-link-message.js';

const LINK = 'https://app.example/welcome?stytch_token_type=magic_links&token=abc';
const HREF = 'https://app.example/welcome?stytch_token_type=magic_links&amp;token=abc';

describe('magicLinkMessage', () => {
  test('English by default: subject, text and HTML, the expiry in the largest whole unit', () => {
    const message = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 30,
      kind: 'login',
    });
    assert.equal(message.subject, 'Sign in to Velvet');
    assert.equal(
      message.text,
      `Open this link to sign in to Velvet:\n\n${LINK}\n\nIt expires in 30 minutes. The link works once.\n\n` +
        "If you didn't ask for this email, you can ignore it: nothing happens until the link is opened.\n",
    );
    assert.match(message.html, /<html lang="en">/);
    assert.match(
      message.html,
      new RegExp(`<a href="${HREF.replaceAll('?', '\\?')}"[^>]*>Sign in</a>`),
    );
    const signup = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 2880,
      kind: 'signup',
    });
    assert.equal(signup.subject, 'Finish signing up for Velvet');
    assert.match(signup.text, /^Open this link to finish signing up for Velvet:/);
    assert.match(signup.text, /It expires in 2 days\./);
  });

  test('Spanish, as tú', () => {
    const login = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 60,
      kind: 'login',
      locale: 'es',
    });
    assert.equal(login.subject, 'Inicia sesión en Velvet');
    assert.equal(
      login.text,
      `Abre este enlace para iniciar sesión en Velvet:\n\n${LINK}\n\n` +
        'Caduca en 1 hora. El enlace solo funciona una vez.\n\n' +
        'Si no has pedido este correo, puedes ignorarlo: no pasará nada mientras no se abra el enlace.\n',
    );
    assert.match(login.html, /<html lang="es">/);
    assert.match(login.html, /<title>Inicia sesión en Velvet<\/title>/);
    assert.match(login.html, />Iniciar sesión<\/a>/);
    assert.match(login.html, /Si el botón no funciona, copia esta dirección en tu navegador:<br>/);
    const signup = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 1440,
      kind: 'signup',
      locale: 'es',
    });
    assert.equal(signup.subject, 'Completa tu registro en Velvet');
    assert.match(signup.text, /^Abre este enlace para completar tu registro en Velvet:\n/);
    assert.match(signup.text, /Caduca en 1 día\./);
    assert.match(signup.html, />Completar el registro<\/a>/);
  });

  test('French, as vous', () => {
    const signup = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 30,
      kind: 'signup',
      locale: 'fr',
    });
    assert.equal(signup.subject, 'Finalisez votre inscription à Velvet');
    assert.equal(
      signup.text,
      `Ouvrez ce lien pour finaliser votre inscription à Velvet\u202f:\n\n${LINK}\n\n` +
        'Il expire dans 30 minutes. Le lien ne fonctionne qu’une fois.\n\n' +
        'Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer\u202f: rien ne se passe tant que le lien n’est pas ouvert.\n',
    );
    assert.match(signup.html, /<html lang="fr">/);
    assert.match(signup.html, />Finaliser l’inscription<\/a>/);
    const login = magicLinkMessage({
      projectName: 'Velvet',
      link: LINK,
      expirationMinutes: 120,
      kind: 'login',
      locale: 'fr',
    });
    assert.equal(login.subject, 'Connectez-vous à Velvet');
    assert.match(login.text, /^Ouvrez ce lien pour vous connecter à Velvet\u202f:\n/);
    assert.match(login.text, /Il expire dans 2 heures\./);
    assert.match(login.html, />Se connecter<\/a>/);
  });

  test('the project name is escaped in every language', () => {
    for (const locale of ['en', 'es', 'fr'] as const) {
      const { html } = magicLinkMessage({
        projectName: `Eve's <b>party</b>`,
        link: LINK,
        expirationMinutes: 30,
        kind: 'login',
        locale,
      });
      assert.ok(!html.includes('<b>'), locale);
      assert.match(html, /Eve&#39;s &lt;b&gt;party&lt;\/b&gt;/, locale);
    }
  });
});

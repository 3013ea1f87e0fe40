import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fitsOneSmsSegment, smsLength } from '../../delivery/sms-segment.js';
import { passcodeMessage } from './passcode-message.js';

describe('passcodeMessage', () => {
  test('the SMS ends with the origin-bound one-time-code line', () => {
    const { text, subject, html } = passcodeMessage({
      channel: 'sms',
      code: '123456',
      expirationMinutes: 10,
      projectName: 'Velvet',
      originHost: 'example.com',
    });
    assert.equal(
      text,
      'Your Velvet code is 123456. It expires in 10 minutes.\n\n@example.com #123456',
    );
    assert.ok(text.endsWith('\n@example.com #123456'));
    assert.ok(fitsOneSmsSegment(text));
    assert.equal(subject, undefined);
    assert.equal(html, undefined);
  });

  test('the origin line carries the host without a port or scheme', () => {
    for (const originHost of ['example.com:8443', 'https://example.com:8443/sign-in']) {
      const { text } = passcodeMessage({
        channel: 'sms',
        code: '123456',
        expirationMinutes: 5,
        projectName: 'Velvet',
        originHost,
      });
      assert.equal(text.split('\n').at(-1), '@example.com #123456', originHost);
    }
  });

  test('without an origin host, the SMS is the sentence alone', () => {
    const { text } = passcodeMessage({
      channel: 'sms',
      code: '123456',
      expirationMinutes: 5,
      projectName: 'Velvet',
    });
    assert.equal(text, 'Your Velvet code is 123456. It expires in 5 minutes.');
  });

  test('a long project name is shortened so the SMS stays one segment', () => {
    const projectName = 'The Extraordinarily Long Midsummer Garden Party '.repeat(3).trim();
    const { text } = passcodeMessage({
      channel: 'sms',
      code: '123456',
      expirationMinutes: 10,
      projectName,
      originHost: 'party.example.com',
    });
    assert.ok(fitsOneSmsSegment(text), `${text.length} characters`);
    assert.match(text, /^Your The Extraordinarily Long .+ code is 123456\./);
    assert.ok(text.endsWith('\n\n@party.example.com #123456'));
  });

  test('minute and minutes are pluralized', () => {
    const one = passcodeMessage({
      channel: 'whatsapp',
      code: '123456',
      expirationMinutes: 1,
      projectName: 'Velvet',
    });
    assert.equal(one.text, 'Your Velvet code is 123456. It expires in 1 minute.');
    const two = passcodeMessage({
      channel: 'sms',
      code: '1',
      expirationMinutes: 2,
      projectName: 'V',
    });
    assert.match(two.text, /It expires in 2 minutes\./);
    const email = passcodeMessage({
      channel: 'email',
      code: '123456',
      expirationMinutes: 1,
      projectName: 'Velvet',
    });
    assert.match(email.text, /It expires in 1 minute\./);
    assert.match(email.html ?? '', /It expires in 1 minute\./);
  });

  test('the WhatsApp text has no origin line', () => {
    const { text } = passcodeMessage({
      channel: 'whatsapp',
      code: '123456',
      expirationMinutes: 10,
      projectName: 'Velvet',
      originHost: 'example.com',
    });
    assert.equal(text, 'Your Velvet code is 123456. It expires in 10 minutes.');
  });

  test('the email subject never shows the code; the bodies do', () => {
    const message = passcodeMessage({
      channel: 'email',
      code: '987654',
      expirationMinutes: 10,
      projectName: 'Velvet',
    });
    assert.equal(message.subject, 'Your Velvet sign-in code');
    assert.ok(!message.subject?.includes('987654'));
    assert.match(message.text, /987654/);
    assert.match(message.text, /It expires in 10 minutes\./);
    assert.match(message.text, /If you didn't ask for this code, you can ignore this message\./);
    assert.match(message.html ?? '', /987654/);
    assert.match(message.html ?? '', /<html lang="en">/);
  });

  test('the HTML body escapes the project name', () => {
    const { html, subject, text } = passcodeMessage({
      channel: 'email',
      code: '123456',
      expirationMinutes: 10,
      projectName: 'Tom & Jerry <script>alert(1)</script>',
    });
    assert.ok(html);
    assert.ok(!html.includes('<script>'));
    assert.match(html, /Tom &amp; Jerry &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.equal(subject, 'Your Tom & Jerry <script>alert(1)</script> sign-in code');
    assert.match(text, /Your Tom & Jerry <script>alert\(1\)<\/script> sign-in code is:/);
  });

  test('a project name cannot add lines to a message', () => {
    const { subject } = passcodeMessage({
      channel: 'email',
      code: '123456',
      expirationMinutes: 10,
      projectName: 'Velvet\r\nBcc: someone@example.com',
    });
    assert.equal(subject, 'Your Velvet Bcc: someone@example.com sign-in code');
  });

  test('an expiry that is not a positive whole number of minutes is refused', () => {
    for (const expirationMinutes of [0, -1, 1.5, Number.NaN]) {
      assert.throws(
        () =>
          passcodeMessage({ channel: 'sms', code: '1', expirationMinutes, projectName: 'Velvet' }),
        RangeError,
      );
    }
  });
});

describe('passcodeMessage in the request’s language', () => {
  const base = { code: '123456', expirationMinutes: 10, projectName: 'Velvet' } as const;

  test('Spanish: the SMS, the WhatsApp text and the email', () => {
    const sms = passcodeMessage({ ...base, channel: 'sms', locale: 'es' });
    assert.equal(sms.text, 'Tu código para Velvet es 123456. Caduca en 10 minutos.');
    assert.equal(smsLength(sms.text).encoding, 'ucs2', 'ó forces UCS-2, and it fits in 70');
    const whatsapp = passcodeMessage({ ...base, channel: 'whatsapp', locale: 'es' });
    assert.equal(whatsapp.text, 'Tu código para Velvet es 123456. Caduca en 10 minutos.');
    const one = passcodeMessage({
      ...base,
      channel: 'whatsapp',
      expirationMinutes: 1,
      locale: 'es',
    });
    assert.equal(one.text, 'Tu código para Velvet es 123456. Caduca en 1 minuto.');
    const email = passcodeMessage({ ...base, channel: 'email', locale: 'es' });
    assert.equal(email.subject, 'Tu código de acceso a Velvet');
    assert.equal(
      email.text,
      'Tu código de acceso a Velvet es:\n\n123456\n\nCaduca en 10 minutos.\n\n' +
        'Si no has pedido este código, puedes ignorar este mensaje.\n',
    );
    assert.match(email.html ?? '', /<html lang="es">/);
    assert.match(email.html ?? '', /<title>Tu código de acceso a Velvet<\/title>/);
    assert.match(email.html ?? '', /<p>Tu código de acceso a Velvet es:<\/p>/);
    assert.match(email.html ?? '', /<p>Caduca en 10 minutos\.<\/p>/);
  });

  test('French: the SMS, the WhatsApp text and the email', () => {
    const sms = passcodeMessage({
      ...base,
      channel: 'sms',
      locale: 'fr',
      originHost: 'example.com',
    });
    assert.equal(
      sms.text,
      'Votre code pour Velvet est 123456. Il expire dans 10 minutes.\n\n@example.com #123456',
    );
    assert.equal(smsLength(sms.text).encoding, 'gsm7');
    const whatsapp = passcodeMessage({ ...base, channel: 'whatsapp', locale: 'fr' });
    assert.equal(whatsapp.text, 'Votre code pour Velvet est 123456. Il expire dans 10 minutes.');
    const email = passcodeMessage({
      ...base,
      channel: 'email',
      expirationMinutes: 1,
      locale: 'fr',
    });
    assert.equal(email.subject, 'Votre code de connexion à Velvet');
    assert.equal(
      email.text,
      'Votre code de connexion à Velvet est\u202f:\n\n123456\n\nIl expire dans 1 minute.\n\n' +
        'Si vous n’avez pas demandé ce code, vous pouvez ignorer ce message.\n',
    );
    assert.match(email.html ?? '', /<html lang="fr">/);
    assert.match(email.html ?? '', /<p>Il expire dans 1 minute\.<\/p>/);
    assert.match(email.html ?? '', /Si vous n’avez pas demandé ce code/);
  });

  test('English is the default, and says so in the email’s lang', () => {
    const email = passcodeMessage({ ...base, channel: 'email', locale: 'en' });
    assert.equal(email.subject, 'Your Velvet sign-in code');
    assert.match(email.html ?? '', /<html lang="en">/);
  });

  test('a Spanish SMS too long for UCS-2 drops its accents before it shortens the name', () => {
    const { text } = passcodeMessage({
      ...base,
      channel: 'sms',
      locale: 'es',
      originHost: 'example.com',
    });
    assert.equal(
      text,
      'Tu codigo para Velvet es 123456. Caduca en 10 minutos.\n\n@example.com #123456',
    );
    assert.deepEqual(smsLength(text), { encoding: 'gsm7', units: 76 });
  });

  test('a long name in Spanish is shortened only as much as GSM-7 needs', () => {
    const projectName = 'La Fiesta Extraordinariamente Larga del Jardín de Verano '
      .repeat(3)
      .trim();
    const { text } = passcodeMessage({
      ...base,
      channel: 'sms',
      projectName,
      locale: 'es',
      originHost: 'party.example.com',
    });
    assert.ok(fitsOneSmsSegment(text));
    assert.deepEqual(smsLength(text), { encoding: 'gsm7', units: 160 });
    assert.match(
      text,
      /^Tu codigo para La Fiesta Extraordinariamente Larga del Jardin de Verano .+ es 123456\./,
    );
    assert.ok(text.endsWith(' es 123456. Caduca en 10 minutos.\n\n@party.example.com #123456'));
  });

  test('a name that needs UCS-2 whatever the accents is shortened to fit 70, accents kept', () => {
    const { text } = passcodeMessage({
      ...base,
      channel: 'sms',
      projectName: 'Fiesta 🎉 en el jardín de María y Pedro',
      locale: 'es',
    });
    assert.ok(fitsOneSmsSegment(text), `${text.length} code units`);
    assert.equal(smsLength(text).encoding, 'ucs2');
    assert.match(text, /^Tu código para Fiesta 🎉 .+ es 123456\. Caduca en 10 minutos\.$/);
    assert.ok(text.length <= 70 && text.length >= 67, String(text.length));
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fitsOneSmsSegment } from '../../delivery/sms-segment.js';
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

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

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
});

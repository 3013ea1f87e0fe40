import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ErrorCodes, type ErrorType } from '../http/api-error.js';
import { escapeHtml } from '../http/escape-html.js';
import { serverProducts } from '../products/registry.js';
import { errorCatalogue, errorCatalogueHtml } from './docs.js';

describe('/docs/errors', () => {
  test("lists every type once, the core's and every registered product's, with its status and message", () => {
    const html = errorCatalogueHtml(serverProducts);
    const anchors = [...html.matchAll(/<tr id="([a-z0-9_]+)">/g)].map((match) => match[1]);
    assert.equal(new Set(anchors).size, anchors.length);
    assert.deepEqual([...anchors].sort(), Object.keys(ErrorCodes).sort());
    for (const [type, code] of errorCatalogue(serverProducts)) {
      assert.equal(ErrorCodes[type as ErrorType], code);
      const row = html.slice(html.indexOf(`<tr id="${type}">`));
      assert.ok(
        row.startsWith(
          `<tr id="${type}"><td><code>${type}</code></td><td>${code.status}</td><td>${escapeHtml(code.message)}`,
        ),
        type,
      );
    }
  });

  test("a product's fix is shown under its message", () => {
    const html = errorCatalogueHtml(serverProducts);
    const row = html.slice(html.indexOf('<tr id="weak_password">'));
    assert.match(
      row.slice(0, row.indexOf('</tr>')),
      /How to fix:<\/strong> POST \/passwords\/strength_check/,
    );
  });
});

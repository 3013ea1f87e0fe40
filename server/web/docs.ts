/** `GET /docs/errors`: the error catalogue that every `error_url` points into. */
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '../http/api-error.js';
import { escapeHtml } from '../http/escape-html.js';

/** The catalogue as a small HTML page with one anchor per `error_type`. */
export function errorCatalogueHtml(): string {
  const rows = Object.entries(ErrorCodes)
    .map(([type, code]) => {
      const { status, message } = code;
      const fix =
        'fix' in code ? `<p><strong>How to fix:</strong> ${escapeHtml(code.fix)}</p>` : '';
      return `<tr id="${type}"><td><code>${type}</code></td><td>${status}</td><td>${escapeHtml(message)}${fix}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Velvet API errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
tr:target{background:#fff6d6}</style></head>
<body><main><h1>Velvet API errors</h1>
<p>Every failed call answers with <code>status_code</code>, <code>error_type</code>, <code>error_message</code>, <code>error_url</code> and <code>request_id</code>.</p>
<table><thead><tr><th scope="col">error_type</th><th scope="col">HTTP status</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${rows}
</tbody></table></main></body></html>`;
}

/** Registers the catalogue page. */
export function docsRoutes(app: FastifyInstance): void {
  const html = errorCatalogueHtml();
  app.get('/docs/errors', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(html),
  );
}

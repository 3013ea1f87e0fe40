/** `GET /docs/errors`: the error catalogue that every `error_url` points into. */
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../http/api-error.js';
import { coreErrors } from '../http/core-errors.js';
import { escapeHtml } from '../http/escape-html.js';
import type { ServerProduct } from '../products/product.js';

/** Every `error_type` with its entry: the core's, then each product's, in the registry's order. */
export function errorCatalogue(
  products: readonly ServerProduct[],
): readonly (readonly [type: string, code: ErrorCode])[] {
  return [coreErrors, ...products.map((product) => product.errors ?? {})].flatMap((catalogue) =>
    Object.entries(catalogue),
  );
}

/** The catalogue of the core and `products` as a small HTML page with one anchor per `error_type`. */
export function errorCatalogueHtml(products: readonly ServerProduct[]): string {
  const rows = errorCatalogue(products)
    .map(([type, code]) => {
      const { status, message } = code;
      const fix =
        code.fix === undefined ? '' : `<p><strong>How to fix:</strong> ${escapeHtml(code.fix)}</p>`;
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

/** Registers the catalogue page, listing the core's error types and those of `products`. */
export function docsRoutes(app: FastifyInstance, products: readonly ServerProduct[]): void {
  const html = errorCatalogueHtml(products);
  app.get('/docs/errors', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(html),
  );
}

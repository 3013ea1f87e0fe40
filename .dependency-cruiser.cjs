/**
 * The import rules `npm run lint` enforces (dependency-cruiser, `npm run lint:imports`):
 * a product is one folder that others, and the rest of the server, use only through its
 * `index.ts` (the registry lists its `<name>-product.ts`), the storage layer and the projects'
 * settings know no product, the headless client library carries no UI, the widget no server code
 * and the server no widget code but the provider names both sides list.
 * Tests may reach into any folder to set up rows and states, so the rules read the code only.
 */
const TESTS = ['\\.test\\.ts$', '\\.e2e\\.ts$', '^server/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'product-internals',
      comment:
        "A product imports another product through that product's index.ts only (server/products/<name>/, widget/products/<name>/; widget/products/shared/ holds what every product shares).",
      severity: 'error',
      from: {
        path: '^(server|widget)/products/([^/]+)/',
        pathNot: [...TESTS, '^widget/products/shared/'],
      },
      to: {
        path: '^$1/products/[^/]+/',
        pathNot: ['^$1/products/$2/', '^$1/products/[^/]+/index\\.ts$', '^widget/products/shared/'],
      },
    },
    {
      name: 'core-uses-product-index',
      comment:
        "The server's core (app.ts, http/, site/, cli/, bench/, sdk/…) uses a product through its index.ts only, as products use each other; the registry's list reads each product's <name>-product.ts descriptor.",
      severity: 'error',
      from: { path: '^server/', pathNot: [...TESTS, '^server/products/'] },
      to: {
        path: '^server/products/[^/]+/',
        pathNot: [
          '^server/products/[^/]+/index\\.ts$',
          '^server/products/([^/]+)/\\1-product\\.ts$',
        ],
      },
    },
    {
      name: 'db-imports-no-product',
      comment:
        'server/db is the storage layer: the callers hand it what products add (their migrations, through Store.open), so it imports no product.',
      severity: 'error',
      from: { path: '^server/db/', pathNot: TESTS },
      to: { path: '^server/products/' },
    },
    {
      name: 'projects-import-no-product',
      comment:
        "server/projects holds the core's settings and merges the products' parts it is handed (the registry's settingsParts): each product's settings live in its own <name>-settings.ts, so server/projects imports no product.",
      severity: 'error',
      from: { path: '^server/projects/', pathNot: TESTS },
      to: { path: '^server/products/' },
    },
    {
      name: 'client-imports-no-ui',
      comment:
        'widget/client is the headless client library: no Lit, no screens, no other widget folder.',
      severity: 'error',
      from: { path: '^widget/client/', pathNot: TESTS },
      to: {
        path: [
          '^widget/(?!client/)',
          '^(server|site|demo)/',
          'node_modules/(lit|lit-html|lit-element|@lit)/',
        ],
      },
    },
    {
      name: 'widget-imports-no-server',
      comment: "The widget runs in the browser: it imports none of the server's code.",
      severity: 'error',
      from: { path: '^widget/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-reads-only-shared-widget-lists',
      comment:
        'The server reads one file of the widget, the OAuth provider names both sides list (a file that imports nothing); no screen, element or client code.',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^widget/', pathNot: '^widget/client/oauth-provider-names\\.ts$' },
    },
    {
      name: 'shared-widget-list-imports-nothing',
      comment:
        'The OAuth provider names are the one widget file the server bundles: anything it imported (statically or by import()) would go into the server build with it.',
      severity: 'error',
      from: { path: '^widget/client/oauth-provider-names\\.ts$' },
      to: { dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser to parse with; SWC parses the .ts files.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

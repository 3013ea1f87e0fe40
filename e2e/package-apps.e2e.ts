/**
 * The npm packages in fresh framework apps (issue 33): the three packages packed with `npm pack`,
 * each app written by the test into a directory of its own outside the repository, installed from
 * the tarballs and the registry, built with its own Vite and served from its own origin; each
 * signs a guest in by SMS in Chromium against a real Velvet server whose project lists the apps'
 * origins, and lists the element's events as its handler received them.
 *
 * - Vite + React is rendered on the server (its page built with `vite build --ssr` and rendered
 *   with `react-dom/server` in Node, without a DOM), hydrated in the browser with no error, and
 *   signs in through the `velvet-login-react` wrapper (`onEvent`).
 * - Vue 3 loads the element after the app mounted, so Vue sets `config` (`.prop`) on an element
 *   not yet defined, and the config's product (the passcode by SMS, not the default email link) is
 *   the one offered.
 * - Svelte 5 signs in.
 *
 * Each app's own type checker (`tsc`, `vue-tsc` with `strictTemplates`, `svelte-check`, on the
 * app's TypeScript 5) passes on the app, and fails on a misspelt `confgi` (naming it) and on a
 * numeric public token. Each test prints the seconds each step took.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import {
  type App,
  type AppSite,
  createApp,
  packPackages,
  type RunResult,
  run,
  secondsSince,
  signInBySms,
  startAppSite,
  type Tarballs,
} from './support/package-app.js';
import { SMS_ONLY } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-package-apps';

/** The apps' shared registry dependencies. */
const VITE = '^8.3.0';
const TYPESCRIPT = '^5.9.0';

/** The config every app gives the element (the passcode by SMS), as a line of TypeScript. */
const CONFIG = `const config: VelvetConfig = ${JSON.stringify(SMS_ONLY)};`;

/** An app's `index.html`, loading `entry`. */
function indexHtml(title: string, entry: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>${title}</title>
<div id="app"></div>
<script type="module" src="${entry}"></script>
</html>
`;
}

/**
 * The app reads the Velvet server's origin and the public token from its address
 * (`?api=…&token=…`): it is built before the server starts, whose project must list its origin.
 */
const PARAMS = [
  'const params = new URLSearchParams(location.search);',
  "const apiBase = params.get('api') ?? '';",
  "const publicToken = params.get('token') ?? '';",
].join('\n');

/** The compiler options of the apps' type checks. */
const COMPILER_OPTIONS = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: [],
  isolatedModules: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  skipLibCheck: true,
};

/**
 * A `tsconfig.json` checking `include` with {@link COMPILER_OPTIONS} and `options`, and `more` (a
 * checker's own settings).
 */
function tsconfig(
  include: string[],
  options: Record<string, unknown> = {},
  more: Record<string, unknown> = {},
): string {
  const compilerOptions = { ...COMPILER_OPTIONS, ...options };
  return `${JSON.stringify({ compilerOptions, include, ...more }, null, 2)}\n`;
}

/** The React app's page: the wrapper, with what its `onEvent` received listed. */
const REACT_COMPONENT = [
  "import { useState } from 'react';",
  "import type { VelvetConfig } from 'velvet-login-element';",
  "import { VelvetLogin } from 'velvet-login-react';",
  '',
  CONFIG,
  '',
  '/** The page, for the Velvet server at `apiBase` and the project of `publicToken`. */',
  'export function App({ apiBase, publicToken }: { apiBase: string; publicToken: string }) {',
  '  const [received, setReceived] = useState<string[]>([]);',
  '  return (',
  '    <main>',
  '      <h1>A React app</h1>',
  '      <VelvetLogin',
  '        publicToken={publicToken}',
  '        apiBase={apiBase}',
  '        config={config}',
  '        onEvent={(event) => setReceived((types) => [...types, event.type])}',
  '      />',
  '      <ul aria-label="What onEvent received">',
  '        {received.map((type, index) => (',
  '          <li key={index}>{type}</li>',
  '        ))}',
  '      </ul>',
  '    </main>',
  '  );',
  '}',
  '',
].join('\n');

const REACT_APP = {
  name: 'react',
  packages: ['velvet-login-react' as const],
  dependencies: { react: '^19.2.0', 'react-dom': '^19.2.0' },
  devDependencies: {
    vite: VITE,
    '@vitejs/plugin-react': '^6.0.0',
    typescript: TYPESCRIPT,
    '@types/react': '^19.2.0',
    '@types/react-dom': '^19.2.0',
  },
  files: {
    'index.html': indexHtml('A React app', '/src/main.tsx'),
    'vite.config.js': [
      "import react from '@vitejs/plugin-react';",
      'export default { plugins: [react()] };',
      '',
    ].join('\n'),
    'src/app.tsx': REACT_COMPONENT,
    'src/main.tsx': [
      "import { createRoot, hydrateRoot } from 'react-dom/client';",
      "import { App } from './app';",
      '',
      PARAMS,
      "const root = document.getElementById('app') as HTMLElement;",
      'const app = <App apiBase={apiBase} publicToken={publicToken} />;',
      '// The page the server rendered is hydrated; without it, the app renders itself.',
      'if (root.firstElementChild) hydrateRoot(root, app);',
      'else createRoot(root).render(app);',
      '',
    ].join('\n'),
    'tsconfig.json': tsconfig(['src'], { jsx: 'react-jsx' }),
    // The server's part, in Node without a DOM: renders the page (`vite build --ssr`'s
    // `dist-server/app.js`) into the built `dist/index.html`, which the browser then hydrates.
    'server-render.js': [
      "import { readFileSync, writeFileSync } from 'node:fs';",
      "import { createElement } from 'react';",
      "import { renderToString } from 'react-dom/server';",
      "import { App } from './dist-server/app.js';",
      '',
      "if (typeof HTMLElement !== 'undefined') throw new Error('a DOM is here');",
      'const [apiBase, publicToken] = process.argv.slice(2);',
      'const html = renderToString(createElement(App, { apiBase, publicToken }));',
      "const page = readFileSync('dist/index.html', 'utf8');",
      'const root = \'<div id="app">\';',
      "writeFileSync('dist/index.html', page.replace(root + '</div>', root + html + '</div>'));",
      'console.log(html);',
      '',
    ].join('\n'),
  },
};

/** The Vue component: `config` bound as a property (`.prop`), the element's events listed. */
const VUE_COMPONENT = [
  '<script setup lang="ts">',
  "import { ref } from 'vue';",
  "import type { VelvetConfig } from 'velvet-login-element';",
  '',
  PARAMS,
  CONFIG,
  'const received = ref<string[]>([]);',
  '</script>',
  '',
  '<template>',
  '  <main>',
  '    <h1>A Vue app</h1>',
  '    <velvet-login',
  '      :public-token="publicToken"',
  '      :api-base="apiBase"',
  '      :config.prop="config"',
  '      @velvet-event="(event) => received.push(event.detail.type)"',
  '    />',
  '    <ul aria-label="What @velvet-event received">',
  '      <li v-for="(type, index) in received" :key="index">{{ type }}</li>',
  '    </ul>',
  '  </main>',
  '</template>',
  '',
].join('\n');

const VUE_APP = {
  name: 'vue',
  packages: ['velvet-login-element' as const],
  dependencies: { vue: '^3.5.0' },
  devDependencies: {
    vite: VITE,
    '@vitejs/plugin-vue': '^6.0.0',
    'vue-tsc': '^3.0.0',
    typescript: TYPESCRIPT,
  },
  files: {
    'index.html': indexHtml('A Vue app', '/src/main.ts'),
    'vite.config.js': [
      "import vue from '@vitejs/plugin-vue';",
      'export default {',
      "  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('velvet-') } } })],",
      '};',
      '',
    ].join('\n'),
    'src/main.ts': [
      "import { createApp } from 'vue';",
      "import App from './App.vue';",
      '',
      "createApp(App).mount('#app');",
      '// The element loads after the app mounted, as a script tag at the end of the page would: Vue',
      '// has rendered <velvet-login> as an unknown element and set its properties on it.',
      'const win = window as Window & { definedAtMount?: boolean };',
      "win.definedAtMount = customElements.get('velvet-login') !== undefined;",
      "void import('velvet-login-element');",
      '',
    ].join('\n'),
    'src/App.vue': VUE_COMPONENT,
    'src/env.d.ts': "import type {} from 'velvet-login-element/vue';\n",
    // Unknown props are errors only with `checkUnknownProps` (or `strictTemplates`).
    'tsconfig.json': tsconfig(
      ['src/**/*.ts', 'src/**/*.vue'],
      {},
      { vueCompilerOptions: { strictTemplates: true } },
    ),
  },
};

/** The Svelte component: the element imported, `config` passed, its events listed. */
const SVELTE_COMPONENT = [
  '<script lang="ts">',
  "  import 'velvet-login-element';",
  "  import type { VelvetConfig } from 'velvet-login-element';",
  '',
  ...PARAMS.split('\n').map((line) => `  ${line}`),
  `  ${CONFIG}`,
  '  const received: string[] = $state([]);',
  '</script>',
  '',
  '<main>',
  '  <h1>A Svelte app</h1>',
  '  <velvet-login',
  '    public-token={publicToken}',
  '    api-base={apiBase}',
  '    config={config}',
  '    onvelvet-event={(event) => received.push(event.detail.type)}',
  '  ></velvet-login>',
  '  <ul aria-label="What onvelvet-event received">',
  '    {#each received as type, index (index)}<li>{type}</li>{/each}',
  '  </ul>',
  '</main>',
  '',
].join('\n');

const SVELTE_APP = {
  name: 'svelte',
  packages: ['velvet-login-element' as const],
  dependencies: { svelte: '^5.0.0' },
  devDependencies: {
    vite: VITE,
    '@sveltejs/vite-plugin-svelte': '^7.0.0',
    'svelte-check': '^4.0.0',
    typescript: TYPESCRIPT,
  },
  files: {
    'index.html': indexHtml('A Svelte app', '/src/main.ts'),
    'vite.config.js': [
      "import { svelte } from '@sveltejs/vite-plugin-svelte';",
      'export default { plugins: [svelte()] };',
      '',
    ].join('\n'),
    'src/main.ts': [
      "import { mount } from 'svelte';",
      "import App from './App.svelte';",
      '',
      "mount(App, { target: document.getElementById('app') as HTMLElement });",
      '',
    ].join('\n'),
    'src/App.svelte': SVELTE_COMPONENT,
    'src/app.d.ts': "import type {} from 'velvet-login-element/svelte';\n",
    'tsconfig.json': tsconfig(['src/**/*.ts', 'src/**/*.svelte']),
  },
};

/**
 * Where a type checker's output places its errors, as `file:line`: tsc's and vue-tsc's
 * `src/App.vue(16,8): error TS…`, svelte-check's machine output `ERROR "src/App.svelte" 17:5 …`.
 */
function errorLines(output: string): string[] {
  const tsc = [...output.matchAll(/([\w-]+\.\w+)\((\d+),\d+\): error /g)];
  const svelteCheck = [...output.matchAll(/ERROR "(?:[\w-]+\/)*([\w-]+\.\w+)" (\d+):\d+ /g)];
  return [...tsc, ...svelteCheck].map((match) => `${match[1]}:${match[2]}`);
}

/**
 * Checks the app's types with `check` as it stands (they pass), then once with each of `wrong`'s
 * changes to `file` (a misspelt `confgi`, a numeric `public-token`; one at a time, as a type
 * checker reports one error per element): each fails on the changed line and no other, and the
 * misspelt property's error names it.
 */
async function checkTypes(
  app: App,
  check: () => Promise<RunResult>,
  file: string,
  source: string,
  wrong: [string, string][],
): Promise<void> {
  const start = performance.now();
  const right = await check();
  expect(right.status, right.output).toBe(0);
  for (const [from, to] of wrong) {
    expect(source).toContain(from);
    const changed = source.replace(from, to);
    app.write(`src/${file}`, changed);
    const failed = await check();
    expect(failed.status, failed.output).not.toBe(0);
    const line = changed.split('\n').findIndex((text) => text.includes(to)) + 1;
    expect([...new Set(errorLines(failed.output))], failed.output).toEqual([`${file}:${line}`]);
    if (to.includes('confgi')) expect(failed.output).toContain('confgi');
  }
  app.write(`src/${file}`, source);
  app.seconds.typeCheck = secondsSince(start);
}

let tarballs: Tarballs;
let packDir: string;
let velvet: VelvetServer;
const sites = {} as Record<'react' | 'vue' | 'svelte', AppSite>;
const apps: App[] = [];

test.beforeAll(async () => {
  packDir = mkdtempSync(join(tmpdir(), 'velvet-packages-'));
  const started = performance.now();
  tarballs = await packPackages(packDir);
  console.log(
    `packages built and packed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const name of ['react', 'vue', 'svelte'] as const) sites[name] = await startAppSite();
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Package apps',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: Object.values(sites).map((site) => site.origin),
        },
      ],
    },
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await Promise.all(Object.values(sites).map((site) => site.close()));
  for (const app of apps) app.remove();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/**
 * Serves `app`'s build on `site` and opens it with the server's origin and token; the page's
 * uncaught errors and console errors, as they come.
 */
async function openApp(app: App, site: AppSite, page: Page) {
  site.serve(join(app.dir, 'dist'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(
    `${site.origin}/?api=${encodeURIComponent(velvet.url)}&token=${encodeURIComponent(PUBLIC_TOKEN)}`,
  );
  return errors;
}

test('a server-rendered Vite + React app hydrates, signs in through velvet-login-react and shows what onEvent received; tsc checks its props', async ({
  page,
}) => {
  const app = await createApp(REACT_APP, tarballs);
  apps.push(app);
  await app.build();
  const start = performance.now();
  const ssr = await app.bin('vite', ['build', '--ssr', 'src/app.tsx', '--outDir', 'dist-server']);
  expect(ssr.status, ssr.output).toBe(0);
  const rendered = await run(
    process.execPath,
    ['server-render.js', velvet.url, PUBLIC_TOKEN],
    app.dir,
  );
  expect(rendered.status, rendered.output).toBe(0);
  // The wrapper renders the bare element on the server; the browser upgrades it.
  expect(rendered.output).toContain('<h1>A React app</h1><velvet-login></velvet-login>');
  const served = readFileSync(join(app.dir, 'dist', 'index.html'), 'utf8');
  expect(served).toContain(`<div id="app">${rendered.output.trim()}</div>`);
  app.seconds.serverRender = secondsSince(start);
  const errors = await openApp(app, sites.react, page);
  await signInBySms(page, velvet, '+14155550731');
  await expect(
    page.getByRole('list', { name: 'What onEvent received' }).getByRole('listitem'),
  ).toHaveText(['OTP_SMS_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(errors).toEqual([]);
  await checkTypes(
    app,
    () => app.bin('tsc', ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false']),
    'app.tsx',
    REACT_COMPONENT,
    [
      ['config={config}', 'confgi={config}'],
      ['publicToken={publicToken}', 'publicToken={42}'],
    ],
  );
  console.log(`React app: ${JSON.stringify(app.seconds)} s`);
});

test('a Vue 3 app that loads the element after it mounted signs in with the config Vue set, and vue-tsc checks its props', async ({
  page,
}) => {
  const app = await createApp(VUE_APP, tarballs);
  apps.push(app);
  await app.build();
  const errors = await openApp(app, sites.vue, page);
  await expect(page.getByRole('heading', { name: 'A Vue app' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as Window & { definedAtMount?: boolean }).definedAtMount),
  ).toBe(false);
  // The config's products, the passcode by SMS: without it the element offers email links.
  await signInBySms(page, velvet, '+14155550732');
  await expect(
    page.getByRole('list', { name: 'What @velvet-event received' }).getByRole('listitem'),
  ).toHaveText(['OTP_SMS_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(errors).toEqual([]);
  await checkTypes(
    app,
    () => app.bin('vue-tsc', ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false']),
    'App.vue',
    VUE_COMPONENT,
    [
      [':config.prop="config"', ':confgi.prop="config"'],
      [':public-token="publicToken"', ':public-token="42"'],
    ],
  );
  console.log(`Vue app: ${JSON.stringify(app.seconds)} s`);
});

test('a Svelte 5 app signs in, and svelte-check checks its props', async ({ page }) => {
  const app = await createApp(SVELTE_APP, tarballs);
  apps.push(app);
  await app.build();
  const errors = await openApp(app, sites.svelte, page);
  await expect(page.getByRole('heading', { name: 'A Svelte app' })).toBeVisible();
  await signInBySms(page, velvet, '+14155550733');
  await expect(
    page.getByRole('list', { name: 'What onvelvet-event received' }).getByRole('listitem'),
  ).toHaveText(['OTP_SMS_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(errors).toEqual([]);
  await checkTypes(
    app,
    () => app.bin('svelte-check', ['--tsconfig', './tsconfig.json', '--output', 'machine']),
    'App.svelte',
    SVELTE_COMPONENT,
    [
      ['config={config}', 'confgi={config}'],
      ['public-token={publicToken}', 'public-token={42}'],
    ],
  );
  console.log(`Svelte app: ${JSON.stringify(app.seconds)} s`);
});

/**
 * A web-test-runner plugin that serves React and React DOM as ES modules, for the React
 * wrapper's browser tests: both packages ship CommonJS only. esbuild bundles them once into one
 * module (one copy of React, shared by React DOM); `react` and `react-dom/client` resolve to
 * small modules that re-export its named exports.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const PREFIX = '/__react-esm__/';

/** The bare specifiers served, with the file each one becomes. */
const MODULES = { react: 'react.js', 'react-dom/client': 'react-dom-client.js' };

/**
 * What each served file re-exports: a binding of the bundle, and the CommonJS file whose
 * `exports.name =` assignments list the names (read, not run: running React in the test
 * runner's process would patch its console).
 */
const NAMESPACES = {
  'react.js': ['React', 'react', 'cjs/react.production.js'],
  'react-dom-client.js': ['ReactDOMClient', 'react-dom', 'cjs/react-dom-client.production.js'],
};

/** The names `file` of `pkg` assigns to `exports` (by path: the packages' `exports` hide it). */
function exportNames(pkg, file) {
  const path = join(dirname(require.resolve(`${pkg}/package.json`)), file);
  const names = readFileSync(path, 'utf8').matchAll(/\bexports\.([A-Za-z_$][\w$]*)\s*=/g);
  return [...new Set([...names].map((match) => match[1]))];
}

async function bundle() {
  const result = await build({
    stdin: {
      contents:
        "import * as React from 'react'; import * as ReactDOMClient from 'react-dom/client';" +
        'export { React, ReactDOMClient };',
      resolveDir: import.meta.dirname,
    },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    // React's development build: its warnings catch misuse in tests.
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  return result.outputFiles[0].text;
}

/** The plugin. */
export function reactEsmPlugin() {
  let bundled;
  return {
    name: 'react-esm',
    resolveImport({ source }) {
      const file = MODULES[source];
      return file ? `${PREFIX}${file}` : undefined;
    },
    async serve({ path }) {
      if (!path.startsWith(PREFIX)) return undefined;
      const file = path.slice(PREFIX.length);
      if (file === 'bundle.js') {
        bundled ??= bundle();
        return { body: await bundled, type: 'js' };
      }
      const namespace = NAMESPACES[file];
      if (!namespace) return undefined;
      const [binding, pkg, commonJsFile] = namespace;
      const names = exportNames(pkg, commonJsFile);
      const body = [
        `import { ${binding} } from './bundle.js';`,
        `export default ${binding};`,
        `export const { ${names.join(', ')} } = ${binding};`,
      ].join('\n');
      return { body, type: 'js' };
    },
  };
}

/**
 * libphonenumber-js's metadata, one lazy module per calling code, so a page that texts only the
 * US and Canada downloads the 1 KB of calling code 1 instead of the whole world's 20 KB.
 *
 * The widget imports the virtual module `velvet:phone-metadata` (from
 * `widget/validation/phone-parser.ts`); it maps each calling code to a dynamic `import()` of
 * `velvet:phone-metadata/<code>`, which holds that code's countries (for `1`: the US, Canada and
 * the rest of the North American plan, the main country first). Bundlers turn each into a chunk
 * of its own. The plugins here make the modules for Vite (the widget, site and demo builds and
 * dev servers) and for web-test-runner, from the same functions.
 *
 * Plain JavaScript, so the web-test-runner config (an `.mjs` file) can import it; types in
 * `phone-metadata.d.mts`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** @type {{version: number, country_calling_codes: Record<string, string[]>, countries: Record<string, unknown>}} */
const metadata = require('libphonenumber-js/metadata.min.json');

/** libphonenumber-js's version, which names the folder of the metadata chunks. */
const libraryVersion = JSON.parse(
  readFileSync(
    join(dirname(require.resolve('libphonenumber-js/metadata.min.json')), 'package.json'),
    'utf8',
  ),
).version;

/** The virtual module the widget imports. */
export const PHONE_METADATA_ID = 'velvet:phone-metadata';

/** Every country calling code the metadata knows, as strings (`'1'`, `'44'`…). */
export function phoneCallingCodes() {
  return Object.keys(metadata.country_calling_codes);
}

/**
 * The module of one calling code: `export default {codes, countries}`, where `codes` lists the
 * code's countries, its main country first, as libphonenumber-js's metadata does.
 * @param {string} code
 * @returns {string | undefined} undefined for a code the metadata does not know
 */
export function callingCodeModule(code) {
  const codes = metadata.country_calling_codes[code];
  if (!codes) return undefined;
  const countries = Object.fromEntries(
    codes.map((country) => [country, metadata.countries[country]]),
  );
  return `export default ${JSON.stringify({ codes, countries })};\n`;
}

/**
 * The loader module: the metadata's version and `loadCallingCode(code)`, which imports the
 * code's module (`specifier(code)`) and resolves its data, or `undefined` for an unknown code.
 * @param {(code: string) => string} specifier
 */
export function loaderModule(specifier) {
  const loaders = phoneCallingCodes()
    .map((code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(specifier(code))})`)
    .join(',\n  ');
  return [
    `export const version = ${JSON.stringify(metadata.version)};`,
    `const loaders = {\n  ${loaders}\n};`,
    'export function loadCallingCode(code) {',
    '  const load = Object.hasOwn(loaders, code) ? loaders[code] : undefined;',
    '  return load ? load().then((module) => module.default) : Promise.resolve(undefined);',
    '}',
    '',
  ].join('\n');
}

const VIRTUAL = `\0${PHONE_METADATA_ID}`;

/**
 * The Vite plugin (build and dev server) that makes the modules. In a build, the calling codes'
 * chunks go to a folder named for the library's version (`phone-metadata-1.13.16/phone-44.js`)
 * instead of getting a hash each: the names are as cacheable, and the loader's table of 206
 * imports compresses to a third.
 */
export function phoneMetadataVitePlugin() {
  return {
    name: 'velvet-phone-metadata',
    /** @param {{chunkFileNames?: unknown}} options */
    outputOptions(options) {
      const fallback = options.chunkFileNames ?? '[name]-[hash].js';
      /** @param {{name: string, facadeModuleId?: string | null}} chunk */
      const chunkFileNames = (chunk) => {
        const pattern = typeof fallback === 'function' ? fallback(chunk) : String(fallback);
        if (!chunk.facadeModuleId?.startsWith(`${VIRTUAL}/`)) return pattern;
        const folder = pattern.includes('/') ? pattern.slice(0, pattern.lastIndexOf('/') + 1) : '';
        return `${folder}phone-metadata-${libraryVersion}/[name].js`;
      };
      return { ...options, chunkFileNames };
    },
    /** @param {string} id */
    resolveId(id) {
      if (id === PHONE_METADATA_ID || id.startsWith(`${PHONE_METADATA_ID}/`)) return `\0${id}`;
      return undefined;
    },
    /** @param {string} id */
    load(id) {
      if (id === VIRTUAL) return loaderModule((code) => `${PHONE_METADATA_ID}/phone-${code}`);
      if (id.startsWith(`${VIRTUAL}/phone-`))
        return callingCodeModule(id.slice(VIRTUAL.length + 7));
      return undefined;
    },
  };
}

const WTR_PATH = '/__velvet/phone-metadata';

/** The web-test-runner plugin that serves the same modules to the widget's browser tests. */
export function phoneMetadataTestRunnerPlugin() {
  return {
    name: 'velvet-phone-metadata',
    /** @param {{source: string}} args */
    resolveImport({ source }) {
      return source === PHONE_METADATA_ID ? `${WTR_PATH}.js` : undefined;
    },
    /** @param {{path: string}} context */
    serve(context) {
      if (context.path === `${WTR_PATH}.js`) {
        return { body: loaderModule((code) => `${WTR_PATH}/${code}.js`), type: 'js' };
      }
      const match = /^\/__velvet\/phone-metadata\/(\d+)\.js$/.exec(context.path);
      const body = match?.[1] === undefined ? undefined : callingCodeModule(match[1]);
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}

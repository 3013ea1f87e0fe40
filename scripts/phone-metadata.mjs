/**
 * Phone-number metadata for the widget's own parser (`widget/validation/phone-parser.ts`), made
 * at build time from libphonenumber-js's (`metadata.min.json`), one lazy module per calling code,
 * so a page that texts only the US and Canada downloads calling code 1's numbering plans, not
 * the whole world's.
 *
 * The widget imports the virtual module `velvet:phone-metadata`, whose `loadCallingCode(code)`
 * imports `velvet:phone-metadata/phone-<code>`: that code's countries as {@link NumberingPlan}
 * tuples, the main country first, with only what the parser reads (no example numbers, no
 * international formats, no extension prefixes). In a build the loader finds a code's module by
 * URL, beside its own chunk (`phone-metadata-1.13.16/phone-44.js`), instead of a table of 200
 * `import()`s; in Vite's dev server and web-test-runner it is served from the same functions.
 *
 * Plain JavaScript, so the web-test-runner config (an `.mjs` file) can import it; types in
 * `phone-metadata.d.mts`, and the modules' shape in `widget/validation/phone-metadata.d.ts`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** @type {{version: number, country_calling_codes: Record<string, string[]>, countries: Record<string, any[]>}} */
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

/**
 * Every country calling code with countries of its own (`'1'`, `'44'`…), as strings. The
 * non-geographic codes (`800`, `979`…), whose numbers belong to no country, are left out.
 */
export function phoneCallingCodes() {
  return Object.entries(metadata.country_calling_codes)
    .filter(([, countries]) => countries.some((country) => metadata.countries[country]))
    .map(([code]) => code);
}

/**
 * One country's numbering plan from libphonenumber-js's compact (version 4) array, as the tuple
 * the parser reads: `[country, callingCode, iddPrefix, nationalNumberPattern, possibleLengths,
 * nationalPrefixForParsing, nationalPrefixTransformRule, leadingDigits, types, formats,
 * nationalPrefixFormattingRule]`, `0` for what the country lacks.
 *
 * - `nationalPrefixForParsing` falls back to the national prefix, as libphonenumber-js reads it.
 * - `types`: each number type's `[pattern, possibleLengths?]`, the types without a pattern left
 *   out (they never match); `0` when the country has no types (then its pattern decides).
 * - `formats`: `[pattern, nationalFormat, leadingDigits, nationalPrefixFormattingRule]`, with
 *   only the last (most precise) leading-digits pattern, which is the one formatting checks.
 * @param {string} country
 */
function numberingPlan(country) {
  const plan = metadata.countries[country];
  if (!plan) throw new Error(`no metadata for ${country}`);
  const types = Array.isArray(plan[11])
    ? plan[11]
        .filter((type) => Array.isArray(type) && type[0])
        .map((type) => (type[1] ? [type[0], type[1]] : [type[0]]))
    : 0;
  const formats = Array.isArray(plan[4])
    ? plan[4].map((format) => [
        format[0],
        format[1],
        Array.isArray(format[2]) && format[2].length > 0 ? format[2][format[2].length - 1] : 0,
        format[3] || 0,
      ])
    : 0;
  return [
    country,
    plan[0],
    plan[1] || 0,
    plan[2],
    plan[3] || 0,
    plan[7] || plan[5] || 0,
    plan[8] || 0,
    plan[10] || 0,
    types,
    formats,
    plan[6] || 0,
  ];
}

/**
 * The module of one calling code: `export default [plan, …]`, the code's countries' numbering
 * plans, its main country first, as libphonenumber-js's metadata orders them.
 * @param {string} code
 * @returns {string | undefined} undefined for a code the metadata does not know
 */
export function callingCodeModule(code) {
  const countries = (metadata.country_calling_codes[code] ?? []).filter(
    (country) => metadata.countries[country],
  );
  if (countries.length === 0) return undefined;
  return `export default ${JSON.stringify(countries.map(numberingPlan))};\n`;
}

/**
 * The loader of the dev server and the tests: `loadCallingCode(code)` imports the code's
 * module (`specifier(code)`) and resolves its plans, or `undefined` for an unknown code.
 * @param {(code: string) => string} specifier
 */
export function loaderModule(specifier) {
  const loaders = phoneCallingCodes()
    .map((code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(specifier(code))})`)
    .join(',\n  ');
  return [
    `const loaders = {\n  ${loaders}\n};`,
    'export function loadCallingCode(code) {',
    '  const load = Object.hasOwn(loaders, code) ? loaders[code] : undefined;',
    '  return load ? load().then((module) => module.default) : Promise.resolve(undefined);',
    '}',
    '',
  ].join('\n');
}

/**
 * The loader of a build: imports `<folder>/phone-<code>.js` beside the chunk it is bundled in.
 * The path is built at run time (and the import marked `@vite-ignore`), so the bundler leaves
 * it alone; the plugin emits the modules there. Only codes of {@link phoneCallingCodes} exist
 * (`widget/validation/phone.ts` asks for no other); another one's import fails.
 */
function urlLoaderModule() {
  return [
    `const folder = ${JSON.stringify(`./phone-metadata-${libraryVersion}/phone-`)};`,
    'export function loadCallingCode(code) {',
    "  const url = new URL(folder + code + '.js', import.meta.url).href;",
    '  return import(/* @vite-ignore */ url).then((module) => module.default);',
    '}',
    '',
  ].join('\n');
}

const VIRTUAL = `\0${PHONE_METADATA_ID}`;

/**
 * The Vite plugin (build and dev server) that makes the modules. In a build, every calling
 * code's module is emitted as a chunk of its own in a folder named for the library's version
 * (`chunks/phone-metadata-1.13.16/phone-44.js`), next to the chunks' folder, with no hash: the
 * names are as cacheable, and the loader can find them by URL.
 *
 * `staticImports: true` (the npm package's build, `scripts/build-packages.ts`): the loader is a
 * table of `import('./phone-metadata-…/phone-44.js')` with literal paths instead, so the
 * bundler of an app that installs the package follows them like any other lazy chunk.
 * @param {{staticImports?: boolean}} [options]
 */
export function phoneMetadataVitePlugin({ staticImports = false } = {}) {
  let serving = false;
  /**
   * A chunk-name option that puts the metadata modules in their folder.
   * @param {unknown} fallback
   * @param {unknown} chunkPattern
   */
  const namer = (fallback, chunkPattern) => {
    /** @param {{name: string, facadeModuleId?: string | null}} chunk */
    return (chunk) => {
      const pattern = typeof fallback === 'function' ? fallback(chunk) : String(fallback);
      if (!chunk.facadeModuleId?.startsWith(`${VIRTUAL}/`)) return pattern;
      const chunks =
        typeof chunkPattern === 'function' ? chunkPattern(chunk) : String(chunkPattern);
      const folder = chunks.includes('/') ? chunks.slice(0, chunks.lastIndexOf('/') + 1) : '';
      return `${folder}phone-metadata-${libraryVersion}/[name].js`;
    };
  };
  return {
    name: 'velvet-phone-metadata',
    /** @param {{command: string}} config */
    configResolved(config) {
      serving = config.command === 'serve';
    },
    /** @param {{chunkFileNames?: unknown, entryFileNames?: unknown}} options */
    outputOptions(options) {
      const chunkFileNames = options.chunkFileNames ?? '[name]-[hash].js';
      const entryFileNames = options.entryFileNames ?? '[name].js';
      return {
        ...options,
        chunkFileNames: namer(chunkFileNames, chunkFileNames),
        // The emitted metadata modules are entries, named by this option.
        entryFileNames: namer(entryFileNames, chunkFileNames),
      };
    },
    /** @param {string} id */
    resolveId(id) {
      if (id === PHONE_METADATA_ID || id.startsWith(`${PHONE_METADATA_ID}/`)) return `\0${id}`;
      return undefined;
    },
    /**
     * @this {{emitFile(file: {type: 'chunk', id: string, name: string, preserveSignature: 'strict'}): string}}
     * @param {string} id
     */
    load(id) {
      if (id === VIRTUAL) {
        if (serving || staticImports)
          return loaderModule((code) => `${PHONE_METADATA_ID}/phone-${code}`);
        for (const code of phoneCallingCodes()) {
          this.emitFile({
            type: 'chunk',
            id: `${PHONE_METADATA_ID}/phone-${code}`,
            name: `phone-${code}`,
            // Its default export is all it is for (an app build drops entries' exports).
            preserveSignature: 'strict',
          });
        }
        return urlLoaderModule();
      }
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

/**
 * The built widget (`dist/widget`) for the end-to-end tests: builds it once per test run, as
 * `npm run build` does, so the tests always load and measure the current code; and describes
 * each built script (its sizes and, from its source map, the modules it holds).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Where the build puts the widget; the server serves it at `/widget/`. */
export const WIDGET_DIR = join(root, 'dist', 'widget');

let built = false;

/** Builds the widget and its manifest into {@link WIDGET_DIR} (once per test process). */
export function buildWidget(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--widget'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the widget build failed:\n${result.stdout}\n${result.stderr}`);
  }
  built = true;
}

/** One built script. */
export interface BuiltScript {
  /** Its path under `/widget/`, e.g. `chunks/otp-product-Ab12Cd34.js`. */
  readonly file: string;
  readonly bytes: number;
  /** The size of the `.gz` copy the server sends to a browser that accepts gzip only. */
  readonly gzipBytes: number;
  /** The size of the `.br` copy the server sends to a browser that accepts Brotli. */
  readonly brotliBytes: number;
  /** The modules bundled into it, as its source map names them (`widget/…`, `node_modules/…`). */
  readonly sources: readonly string[];
}

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'types' ? [] : scriptsUnder(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** Every script of the build. */
export function builtScripts(): BuiltScript[] {
  return scriptsUnder(WIDGET_DIR).map((path) => {
    let sources: string[] = [];
    try {
      const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] };
      sources = map.sources.map((source) => relative(root, join(path, '..', source)));
    } catch {
      // A script without a map (an entry that only re-exports chunks) holds no module of its own.
    }
    return {
      file: relative(WIDGET_DIR, path),
      bytes: statSync(path).size,
      gzipBytes: statSync(`${path}.gz`).size,
      brotliBytes: statSync(`${path}.br`).size,
      sources,
    };
  });
}

/** The built script that bundles `module` (a path such as `widget/products/otp/phone-form.ts`). */
export function scriptHolding(scripts: readonly BuiltScript[], module: string): BuiltScript {
  // The passkey registration build has its own copies (`passkey-registration.js`,
  // `chunks/registration-*`); the sign-in widget's are the others.
  const found = scripts.find(
    (script) =>
      script.file !== 'passkey-registration.js' &&
      !script.file.startsWith('chunks/registration-') &&
      script.sources.some((source) => source.includes(module)),
  );
  if (!found) throw new Error(`no built script holds ${module}`);
  return found;
}

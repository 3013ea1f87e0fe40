/**
 * The checker of each fenced code block of the documentation, chosen by the block's page and
 * info string, and the checks themselves:
 *
 * - every block of `docs/widget-packages.md`: `scripts/packages.test.ts`, against the packed
 *   packages;
 * - ` ```json `: the server's config loader (`scripts/docs-config-blocks.ts`);
 * - ` ```sh `: `bash -n`, and every `npm run <script>` names a script of `package.json`;
 *   ` ```sh runnable ` blocks also run, against a development server
 *   (`scripts/docs-runnable-blocks.test.ts`);
 * - ` ```js `: bundled with esbuild for the browser, so its syntax holds and its imports resolve
 *   to the installed packages' exports;
 * - ` ```html `: its scripts are served widget entries (or inline scripts that parse), its
 *   Velvet elements exist with the attributes given, and their `config` is one the widget takes;
 * - ` ```<lang> from=<path> `: the block is an excerpt of that file (a `// …` line stands for
 *   lines left out; a one-line block may be part of a line), which the type check or the build
 *   compiles;
 * - ` ```yaml `: a Prometheus scrape config naming the server processes of the nginx site.
 *
 * A block no checker takes is a problem of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassDeclaration, CustomElement } from 'custom-elements-manifest/schema';
import { build, transform } from 'esbuild';
import { checkConfig } from '../widget/config/validate-config.js';
import { analyzeElements } from './build-manifest.js';
import { configBlockProblems } from './docs-config-blocks.js';
import type { FencedBlock } from './docs-markdown.js';
import { ROOT } from './docs-markdown.js';
import { SERVED_ENTRIES } from './served-manifest.js';

/** The checks a block may get. */
export type BlockChecker =
  | 'packages'
  | 'config'
  | 'shell'
  | 'script'
  | 'html'
  | 'excerpt'
  | 'prometheus';

/** The page whose blocks `scripts/packages.test.ts` checks. */
const PACKAGES_PAGE = 'docs/widget-packages.md';

/** The file a block says it is an excerpt of (`from=<path>`), if any. */
function excerptSource(block: FencedBlock): string | undefined {
  return block.words.find((word) => word.startsWith('from='))?.slice('from='.length);
}

/** Which checker takes `block`, or `undefined` when none does. */
export function checkerOf(block: FencedBlock): BlockChecker | undefined {
  if (block.file === PACKAGES_PAGE) return 'packages';
  if (excerptSource(block) !== undefined) return 'excerpt';
  switch (block.lang) {
    case 'json':
      return 'config';
    case 'sh':
      return 'shell';
    case 'js':
      return 'script';
    case 'html':
      return 'html';
    case 'yaml':
      return /^scrape_configs:/m.test(block.code) ? 'prometheus' : undefined;
    default:
      return undefined;
  }
}

/** Whether a shell block is one the docs mark to run (` ```sh runnable `). */
export function isRunnable(block: FencedBlock): boolean {
  return block.lang === 'sh' && block.words.includes('runnable');
}

/** `file:line` of a block, for its problems. */
function at(block: FencedBlock): string {
  return `${block.file}:${block.line}`;
}

/** `bash -n` on the block, and its `npm run` scripts against `package.json`'s. */
function shellProblems(block: FencedBlock): string[] {
  const syntax = spawnSync('bash', ['-n'], { input: block.code, encoding: 'utf8' });
  const problems = syntax.status === 0 ? [] : [`${at(block)}: bash -n: ${syntax.stderr.trim()}`];
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const [, name = ''] of block.code.matchAll(/\bnpm run ([\w:.-]+)/g)) {
    if (!(name in scripts)) problems.push(`${at(block)}: npm run ${name}: no such script`);
  }
  return problems;
}

/** The block bundled for the browser from the repository's root. */
async function scriptProblems(code: string, where: string): Promise<string[]> {
  try {
    await build({
      stdin: { contents: code, resolveDir: ROOT, sourcefile: where, loader: 'js' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
    });
    return [];
  } catch (error) {
    const errors = (error as { errors?: Array<{ text: string }> }).errors ?? [];
    return [`${where}: ${errors.map((e) => e.text).join('; ') || String(error)}`];
  }
}

/** The attributes of each Velvet element a page may use, from the custom elements manifest. */
let elementAttributes: Map<string, Set<string>> | undefined;
function attributesOf(tag: string): Set<string> | undefined {
  elementAttributes ??= new Map(
    analyzeElements().modules.flatMap((module) =>
      (module.declarations ?? []).flatMap((declaration) => {
        const element = declaration as ClassDeclaration & CustomElement;
        return element.tagName
          ? [[element.tagName, new Set((element.attributes ?? []).map((a) => a.name))] as const]
          : [];
      }),
    ),
  );
  return elementAttributes.get(tag);
}

/** The attributes of an HTML start tag's text, by name (values unescaped of nothing). */
function tagAttributes(text: string): Map<string, string> {
  return new Map(
    [...text.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)].map((match) => [
      match[1] ?? '',
      match[2] ?? match[3] ?? '',
    ]),
  );
}

/** A `<script src>` is a widget entry the server serves, pinned or not. */
function scriptSourceProblem(src: string): string | undefined {
  const path = new URL(src, 'https://party.example').pathname;
  const entry = /^\/widget\/(?:v\d+\.\d+\.\d+\/)?([\w-]+\.js)$/.exec(path)?.[1];
  const entries = [...SERVED_ENTRIES.values(), 'client.js'];
  return entry && entries.includes(entry) ? undefined : `${src} is not a served widget entry`;
}

/** An HTML block: its scripts and its Velvet elements. */
async function htmlProblems(block: FencedBlock): Promise<string[]> {
  const problems: string[] = [];
  for (const [, attributes = '', body = ''] of block.code.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    const src = tagAttributes(attributes).get('src');
    if (src !== undefined) {
      const problem = scriptSourceProblem(src);
      if (problem) problems.push(`${at(block)}: ${problem}`);
    } else {
      problems.push(...(await syntaxProblems(body, at(block))));
    }
  }
  const elements = [...block.code.matchAll(/<(velvet-[\w-]+)\b([^>]*)>/g)];
  if (elements.length === 0) problems.push(`${at(block)}: no Velvet element`);
  for (const [, tag = '', text = ''] of elements) {
    const known = attributesOf(tag);
    if (!known) {
      problems.push(`${at(block)}: <${tag}> is no element of the widget`);
      continue;
    }
    for (const [name, value] of tagAttributes(text)) {
      if (!known.has(name)) problems.push(`${at(block)}: <${tag}> has no attribute ${name}`);
      if (name === 'config') problems.push(...configAttributeProblems(value, `${at(block)}`));
    }
  }
  return problems;
}

/** An inline script's syntax. */
async function syntaxProblems(code: string, where: string): Promise<string[]> {
  try {
    await transform(code, { loader: 'js', sourcefile: where, logLevel: 'silent' });
    return [];
  } catch (error) {
    return [`${where}: ${String((error as Error).message).split('\n')[0]}`];
  }
}

/** A `config` attribute: JSON the widget's own check takes without a word. */
function configAttributeProblems(value: string, where: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return [`${where}: config is not JSON: ${(error as Error).message}`];
  }
  const check = checkConfig(parsed);
  return [...check.problems, ...(check.configError ? [check.configError] : [])].map(
    (problem) => `${where}: config: ${problem}`,
  );
}

/**
 * An excerpt: each run of lines between `// …` lines is found, in order, in the named file
 * (lines compared without their leading and trailing blanks).
 */
function excerptProblems(block: FencedBlock): string[] {
  const source = excerptSource(block) ?? '';
  const path = join(ROOT, source);
  if (!existsSync(path)) return [`${at(block)}: ${source} does not exist`];
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const runs: string[][] = [[]];
  for (const line of block.code.trimEnd().split('\n')) {
    if (line.trim() === '// …') runs.push([]);
    else runs.at(-1)?.push(line.trim());
  }
  let from = 0;
  for (const run of runs) {
    const index = indexOfRun(lines, run, from);
    if (index < 0) return [`${at(block)}: not found in ${source}:\n${run.join('\n')}`];
    from = index + run.length;
  }
  return [];
}

/**
 * Where `run` starts in `lines` at or after `from`, or -1. A run of one line may be part of a
 * line (a value quoted from its declaration).
 */
function indexOfRun(lines: readonly string[], run: readonly string[], from: number): number {
  const [only] = run;
  if (run.length === 1 && only !== undefined) {
    return lines.findIndex((line, index) => index >= from && line.includes(only));
  }
  for (let start = from; start + run.length <= lines.length; start += 1) {
    if (run.every((line, offset) => lines[start + offset] === line)) return start;
  }
  return -1;
}

/** The scrape targets are the server processes of `deploy/nginx/velvet.conf`'s upstream. */
function prometheusProblems(block: FencedBlock): string[] {
  const conf = readFileSync(join(ROOT, 'deploy', 'nginx', 'velvet.conf'), 'utf8');
  const upstream = [...conf.matchAll(/^\s*server\s+(127\.0\.0\.1:\d+)/gm)].map((m) => m[1]);
  const targets = [
    ...(/targets:\s*\[([^\]]*)\]/.exec(block.code)?.[1] ?? '').matchAll(/'([^']+)'/g),
  ].map((m) => m[1]);
  const problems: string[] = [];
  if (upstream.length === 0) problems.push('deploy/nginx/velvet.conf names no upstream server');
  if (targets.join() !== upstream.join()) {
    problems.push(`${at(block)}: targets ${targets.join()} are not nginx's ${upstream.join()}`);
  }
  if (!/credentials_file:/.test(block.code)) {
    problems.push(`${at(block)}: no bearer credentials (METRICS_TOKEN)`);
  }
  return problems;
}

/** What is wrong with `block` by its checker (none for the packages page: its own test). */
export async function blockProblems(block: FencedBlock): Promise<string[]> {
  switch (checkerOf(block)) {
    case 'packages':
      return [];
    case 'config':
      return configBlockProblems(block);
    case 'shell':
      return shellProblems(block);
    case 'script':
      return scriptProblems(block.code, at(block));
    case 'html':
      return htmlProblems(block);
    case 'excerpt':
      return excerptProblems(block);
    case 'prometheus':
      return prometheusProblems(block);
    default:
      return [`${at(block)}: a \`${block.lang || 'plain'}\` block no test checks`];
  }
}

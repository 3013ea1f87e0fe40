/**
 * The code blocks of `docs/widget-packages.md` ('Install the widget as packages'), read so that
 * `scripts/packages.test.ts` can check each against the packed packages: their language and text,
 * and for a Vue or Svelte component, TypeScript that tsc checks as the framework would (its
 * script, then `<velvet-login>`'s attributes as an object of the framework's props type from
 * `velvet-login-element/vue` or `/svelte`), since neither framework is installed here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_DIR, fencedBlocks } from './docs-markdown.js';

/** One fenced code block: its language (after the fence) and its text. */
export interface CodeBlock {
  readonly lang: string;
  readonly code: string;
}

/** The page whose every block `scripts/packages.test.ts` checks. */
export const PACKAGES_PAGE = join(DOCS_DIR, 'widget-packages.md');

/** The fenced code blocks of the packages page, in order. */
export function packageBlocks(): CodeBlock[] {
  return fencedBlocks(readFileSync(PACKAGES_PAGE, 'utf8'), PACKAGES_PAGE).map(({ lang, code }) => ({
    lang,
    code,
  }));
}

/** A framework whose components the packages page shows: Vue single-file components or Svelte's. */
export type ComponentFramework = 'vue' | 'svelte';

/** `velvet-event` → `VelvetEvent`, as Vue names a listener prop (`onVelvetEvent`). */
function pascalCase(name: string): string {
  return name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** One attribute of the element as an entry of the props object, read as `framework` does. */
function propEntry(attribute: string, framework: ComponentFramework): string {
  const shorthand = /^\{(\w+)\}$/.exec(attribute);
  if (shorthand) return String(shorthand[1]);
  const match = /^([^=]+)(?:="([^"]*)"|=\{([^}]*)\})?$/.exec(attribute);
  if (!match) throw new Error(`an attribute this check does not read: ${attribute}`);
  const [, name = '', quoted, braced] = match;
  if (framework === 'vue' && name.startsWith('@')) {
    return `${JSON.stringify(`on${pascalCase(name.slice(1))}`)}: ${quoted}`;
  }
  if (framework === 'vue' && name.startsWith(':')) {
    return `${JSON.stringify(name.slice(1).replace(/\.prop$/, ''))}: (${quoted})`;
  }
  if (braced !== undefined) return `${JSON.stringify(name)}: (${braced})`;
  return `${JSON.stringify(name)}: ${JSON.stringify(quoted ?? '')}`;
}

/**
 * A component's check as TypeScript: its `<script>`'s code, then `<velvet-login>`'s attributes
 * as an object typed with the framework's props of the element (`VelvetLoginVueProps`,
 * `VelvetLoginSvelteProps`), so a misspelt attribute or a value of the wrong type fails tsc.
 */
export function componentCheck(component: string, framework: ComponentFramework): string {
  const script = /<script\b[^>]*\blang="ts"[^>]*>([\s\S]*?)<\/script>/.exec(component)?.[1];
  if (script === undefined) throw new Error(`the ${framework} component has no <script lang="ts">`);
  const element = /<velvet-login\b([^>]*?)\/?>/.exec(component)?.[1];
  if (element === undefined) throw new Error(`the ${framework} component has no <velvet-login>`);
  const attributes = [...element.matchAll(/\{\w+\}|[^\s=]+(?:="[^"]*"|=\{[^}]*\})?/g)].map(
    (match) => match[0],
  );
  const type = framework === 'vue' ? 'VelvetLoginVueProps' : 'VelvetLoginSvelteProps';
  return [
    script.trim(),
    '',
    `import type { ${type} } from 'velvet-login-element/${framework}';`,
    `export const elementProps: ${type} = {`,
    ...attributes.map((attribute) => `  ${propEntry(attribute, framework)},`),
    '};',
    '',
  ].join('\n');
}

/**
 * Writes `dist/custom-elements.json`, the Custom Elements Manifest of the widget's elements, from
 * their class doc comments (`@summary`, `@event`/`@fires`, `@csspart`, `@cssproperty`) and Lit
 * decorators, with `@custom-elements-manifest/analyzer`. It names the sources (`widget/…ts`):
 * editors in this repository find it through `customElements` in package.json, and the builds
 * make the served bundle's (`dist/widget/custom-elements.json`, `scripts/served-manifest.ts`) and
 * the element package's (`scripts/package-manifest.ts`) from it. Run by `npm run build` after the
 * widget bundle, or alone: `node --import tsx scripts/build-manifest.ts`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
import type { Package } from 'custom-elements-manifest/schema';

const root = join(import.meta.dirname, '..');

/** The folders whose modules hold elements. */
export const ELEMENT_DIRS = ['widget/element', 'widget/components'] as const;

/** The entry, which defines `<velvet-login>` (`customElements.define(VELVET_LOGIN_TAG, …)`). */
export const ENTRY_MODULE = 'widget/velvet.ts';

/**
 * Elements a page uses on their own, built as entries of their own: `<velvet-passkey-registration>`
 * (`widget/passkey-registration.ts`) and `<velvet-identity-provider>` (the consent and logout
 * screens, `widget/identity-provider.ts`).
 */
export const STANDALONE_ELEMENT_MODULES = [
  'widget/products/passkeys/passkey-registration.ts',
  'widget/products/idp/identity-provider.ts',
] as const;

/** Where the manifest is written; the server serves the bundle's, made from it. */
export const MANIFEST_PATH = join(root, 'dist', 'custom-elements.json');

/**
 * The element modules: the entry, every `.ts` of {@link ELEMENT_DIRS} but tests and styles, and
 * {@link STANDALONE_ELEMENT_MODULES}.
 */
export function elementModules(): string[] {
  const inDirs = ELEMENT_DIRS.flatMap((dir) => {
    let names: string[];
    try {
      names = readdirSync(join(root, dir));
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.ts') && !/\.(test|styles|d)\.ts$/.test(name))
      .sort()
      .map((name) => `${dir}/${name}`);
  });
  const standalone = STANDALONE_ELEMENT_MODULES.filter((path) => existsSync(join(root, path)));
  const entry = existsSync(join(root, ENTRY_MODULE)) ? [ENTRY_MODULE] : [];
  return [...entry, ...inDirs, ...standalone];
}

/** A piece of a doc comment as the analyzer's TypeScript gives it: text, or a `{@link}`. */
interface CommentPart {
  readonly text?: string;
  readonly name?: { getText(): string };
}

/**
 * Makes each class `summary` plain text. The analyzer copies TypeScript's comment of the
 * `@summary` tag, which is a list of nodes (not a string) when it holds a `{@link}`; and that
 * comment runs to the next tag, so a `@summary` written first in the doc comment swallows the
 * description. Its first paragraph stays the summary, the rest becomes the description.
 */
function summaryTextPlugin() {
  return {
    name: 'velvet-summary-text',
    packageLinkPhase({ customElementsManifest }: { customElementsManifest: Package }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          const summary: unknown = declaration.summary;
          if (summary === undefined) continue;
          const text = Array.isArray(summary)
            ? (summary as CommentPart[])
                .map((part) => `${part.name?.getText() ?? ''}${part.text ?? ''}`)
                .join('')
            : String(summary);
          const [first = '', ...rest] = text.trim().split(/\n\s*\n/);
          declaration.summary = first.replace(/\s*\n\s*/g, ' ');
          if (rest.length > 0 && !declaration.description) {
            declaration.description = rest.join('\n\n');
          }
        }
      }
    },
  };
}

/** What the analyzer's TypeScript nodes offer the tag-name plugin. */
interface AnalyzerNode {
  readonly kind: number;
  readonly name?: { readonly kind: number; readonly text: string };
  readonly initializer?: { readonly kind: number; readonly text: string };
  readonly modifiers?: readonly {
    readonly kind: number;
    readonly expression?: {
      readonly kind: number;
      readonly expression?: { readonly text?: string };
      readonly arguments?: readonly { readonly kind: number; readonly text: string }[];
    };
  }[];
}

/**
 * Resolves tag names given as constants. The analyzer takes the first argument of
 * `customElements.define(VELVET_LOGIN_TAG, VelvetLogin)` as written, so the definition would be
 * named `VELVET_LOGIN_TAG`, and it finds no tag at all in `@customElement(TAG)`. This plugin
 * collects every `const X = 'some-tag'` of the analyzed modules and every class decorated with
 * `@customElement(X)`, and puts the strings in their places before the analyzer links classes to
 * tag names.
 */
function constantTagNamesPlugin() {
  const tags = new Map<string, string>();
  /** Class name → the constant its `@customElement(…)` names. */
  const decorated = new Map<string, string>();
  return {
    name: 'velvet-constant-tag-names',
    collectPhase({ node }: { node: AnalyzerNode }) {
      const { VariableDeclaration, ClassDeclaration, Decorator, CallExpression, Identifier } =
        ts.SyntaxKind;
      if (
        node.kind === VariableDeclaration &&
        node.name?.kind === Identifier &&
        node.initializer?.kind === ts.SyntaxKind.StringLiteral &&
        /^[a-z][a-z0-9]*-[a-z0-9-]*$/.test(node.initializer.text)
      ) {
        tags.set(node.name.text, node.initializer.text);
      }
      if (node.kind === ClassDeclaration && node.name) {
        for (const modifier of node.modifiers ?? []) {
          const call = modifier.expression;
          const [argument] = call?.arguments ?? [];
          if (
            modifier.kind === Decorator &&
            call !== undefined &&
            call.kind === CallExpression &&
            call.expression?.text === 'customElement' &&
            argument?.kind === Identifier
          ) {
            decorated.set(node.name.text, argument.text);
          }
        }
      }
    },
    moduleLinkPhase({ moduleDoc }: { moduleDoc: Package['modules'][number] }) {
      const tagOfClass = (name: string) => tags.get(decorated.get(name) ?? '');
      for (const entry of moduleDoc.exports ?? []) {
        if (entry.kind !== 'custom-element-definition') continue;
        const tag = tags.get(entry.name) ?? tagOfClass(entry.declaration.name);
        if (tag) entry.name = tag;
      }
      for (const declaration of moduleDoc.declarations ?? []) {
        const tag = tagOfClass(declaration.name);
        if (declaration.kind === 'class' && tag) {
          Object.assign(declaration, { tagName: tag, customElement: true });
        }
      }
    },
  };
}

/** Analyses the element modules into a manifest (paths relative to the repository). */
export function analyzeElements(paths: readonly string[] = elementModules()): Package {
  const modules = paths.map((path) =>
    ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  return create({
    modules,
    plugins: [...litPlugin(), constantTagNamesPlugin(), summaryTextPlugin()],
  });
}

/** Writes the manifest to {@link MANIFEST_PATH}. */
export function buildManifest(path = MANIFEST_PATH): Package {
  const manifest = analyzeElements();
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  const tags = manifest.modules.flatMap((module) =>
    (module.declarations ?? []).flatMap((declaration) =>
      'tagName' in declaration && declaration.tagName ? [declaration.tagName] : [],
    ),
  );
  console.log(`${relative(root, path)}: ${tags.length} elements (${tags.join(', ')})`);
  return manifest;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) buildManifest();

/**
 * The modules a built file names, read with the bundler's own parser (Vite's `parseSync`, which
 * parses declarations too): what it loads with itself, what it loads later, and what its types
 * alone name; and the names it exports. `scripts/packages.test.ts` checks a package's bare imports
 * against its dependencies with it, and measures the element package's first render by its
 * static imports; `scripts/served-manifest.ts` reads the served entries' exports.
 */
import { readFileSync } from 'node:fs';
import { parseSync, Visitor } from 'vite';

/** The module specifiers one file names, each list in source order. */
export interface ModuleImports {
  /** `import … from`, `export … from` and side-effect imports: loaded with the module. */
  static: string[];
  /** `import('…')` with a literal specifier: loaded when it runs. */
  dynamic: string[];
  /** In declarations: `import('…').Name` types and `declare module '…'` augmentations. */
  types: string[];
}

/** The modules `file` (JavaScript or a `.d.ts`) names; its text is read unless given. */
export function moduleImports(file: string, source = readFileSync(file, 'utf8')): ModuleImports {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) {
    throw new Error(`${file}: ${parsed.errors.map((error) => error.message).join('; ')}`);
  }
  const found: ModuleImports = { static: [], dynamic: [], types: [] };
  new Visitor({
    ImportDeclaration: (node) => void found.static.push(node.source.value),
    ExportNamedDeclaration: (node) => void (node.source && found.static.push(node.source.value)),
    ExportAllDeclaration: (node) => void found.static.push(node.source.value),
    ImportExpression: (node) => {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
        found.dynamic.push(node.source.value);
      }
    },
    TSImportType: (node) => void found.types.push(node.source.value),
    TSModuleDeclaration: (node) => {
      if (node.id.type === 'Literal') found.types.push(node.id.value);
    },
  }).visit(parsed.program);
  return found;
}

/** The names `file` exports (`default` for a default export), in source order. */
export function moduleExports(file: string, source = readFileSync(file, 'utf8')): string[] {
  return parseSync(file, source).module.staticExports.flatMap((statement) =>
    statement.entries.flatMap((entry) =>
      entry.exportName.kind === 'Default' ? ['default'] : (entry.exportName.name ?? []),
    ),
  );
}

/**
 * The package a bare specifier imports (`lit` for `lit/decorators.js`, `@lit/react` for
 * `@lit/react/x.js`); `undefined` for a relative or absolute path, a URL or a `node:` builtin.
 */
export function packageOf(specifier: string): string | undefined {
  if (/^(?:\.{1,2}\/|\/|[a-z][a-z\d+.-]*:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

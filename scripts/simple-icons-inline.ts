/**
 * The OAuth buttons' marks (`widget/products/oauth/marks/<provider>.ts`) import their icon from
 * simple-icons (`import { siGithub } from 'simple-icons'`). Bundled as written, every mark chunk
 * would fetch one shared chunk holding all the configured providers' icons with their titles,
 * sources and guidelines. This plugin replaces the import, at build time, with the two fields a
 * mark reads (`path` and `hex`), so each provider's chunk holds its own icon and nothing else,
 * and no build of the widget depends on simple-icons at run time.
 */
import * as simpleIcons from 'simple-icons';
import type { Plugin } from 'vite';

/** The modules whose simple-icons imports are inlined. */
const MARK_MODULE = /[\\/]widget[\\/]products[\\/]oauth[\\/]marks[\\/][a-z]+\.ts$/;

/** `import { siA, siB } from 'simple-icons';` in TypeScript or in the JavaScript made from it. */
const SIMPLE_ICONS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])simple-icons\2;?/g;

/** The declarations that replace one import's list of names (`siGithub, siX`). */
function inlineIcons(names: string, id: string): string {
  const icons = simpleIcons as unknown as Record<string, { path: string; hex: string } | undefined>;
  return names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const icon = icons[name];
      if (!icon) throw new Error(`${id}: simple-icons has no ${name}`);
      return `const ${name} = ${JSON.stringify({ path: icon.path, hex: icon.hex })};`;
    })
    .join('\n');
}

/** The Vite plugin: simple-icons' `path` and `hex` inlined into each OAuth mark module. */
export function simpleIconsInline(): Plugin {
  return {
    name: 'velvet-simple-icons-inline',
    enforce: 'pre',
    transform(code, id) {
      if (!MARK_MODULE.test(id)) return null;
      if (!code.includes('simple-icons')) return null;
      return {
        code: code.replace(SIMPLE_ICONS_IMPORT, (_all, names: string) => inlineIcons(names, id)),
        map: null,
      };
    },
  };
}

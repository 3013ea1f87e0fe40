/**
 * The element package's Custom Elements Manifest (`packages/element/dist/custom-elements.json`):
 * the widget's manifest (`scripts/build-manifest.ts`, which names the sources, `widget/...ts`)
 * made the package's (and, with the served entries' paths, the served bundle's:
 * `scripts/served-manifest.ts`). The package bundles its sources into entries, so a module of its manifest
 * is an entry (`dist/velvet.js`, …) holding the declarations of the public elements that entry
 * defines and exports; the modules of the pieces those elements render (`<velvet-otp-input>`, the
 * helpers) are not the package's API and are left out.
 */
import type {
  Declaration,
  Export,
  JavaScriptModule,
  Package,
} from 'custom-elements-manifest/schema';

/** `/widget/element/velvet-login.js` or `./element/velvet-login.js` (from `widget/`) → `widget/element/velvet-login.ts`. */
function sourcePath(module: string, from: string): string {
  const base = from.slice(0, from.lastIndexOf('/') + 1);
  const path = module.startsWith('./') ? base + module.slice(2) : module.replace(/^\//, '');
  return path.replace(/\.js$/, '.ts');
}

/**
 * The package's manifest from the widget's `manifest`; `entries` maps each entry's source module
 * to its built module (`widget/velvet.ts` → `dist/velvet.js`), and `elementModules` each
 * standalone element's module to the entry that exports it. The element an entry defines
 * (`customElements.define` in the entry, as `<velvet-login>`'s) is found from the entry's exports.
 * `exported` gives the names each built module exports (the bundler's answer): a `js` export is
 * kept only when the built module has it.
 */
export function packageManifest(
  manifest: Package,
  entries: ReadonlyMap<string, string>,
  elementModules: ReadonlyMap<string, string>,
  exported: ReadonlyMap<string, readonly string[]>,
): Package {
  const built = new Map([...entries, ...elementModules]);
  for (const module of manifest.modules) {
    const entry = entries.get(module.path);
    if (!entry) continue;
    for (const e of module.exports ?? []) {
      if (e.kind !== 'custom-element-definition' || !e.declaration.module) continue;
      built.set(sourcePath(e.declaration.module, module.path), entry);
    }
  }
  const modules = new Map<string, { declarations: Declaration[]; exports: Export[] }>();
  for (const path of new Set(entries.values()))
    modules.set(path, { declarations: [], exports: [] });
  for (const module of manifest.modules) {
    const path = built.get(module.path);
    const target = path ? modules.get(path) : undefined;
    if (!target) continue;
    target.declarations.push(...(module.declarations ?? []));
  }
  for (const module of manifest.modules) {
    const path = built.get(module.path);
    const target = path ? modules.get(path) : undefined;
    if (!target) continue;
    const declared = new Set(target.declarations.map((d) => d.name));
    for (const e of module.exports ?? []) {
      if (!declared.has(e.declaration.name)) continue;
      if (e.kind === 'js' && !exported.get(path ?? '')?.includes(e.name)) continue;
      if (target.exports.some((x) => x.kind === e.kind && x.name === e.name)) continue;
      target.exports.push({ ...e, declaration: { name: e.declaration.name, module: path } });
    }
  }
  const result: Package = {
    ...manifest,
    modules: [...modules].map(
      ([path, { declarations, exports }]): JavaScriptModule => ({
        kind: 'javascript-module',
        path,
        declarations,
        exports,
      }),
    ),
  };
  const builtPaths = new Set(built.values());
  return withReferences(result, (module) =>
    builtPaths.has(module) ? module : built.get(sourcePath(module, 'widget/')),
  );
}

/**
 * `value` with each reference's `module` (a superclass, a mixin, an inherited member's source)
 * made the package's by `map`, or dropped when the package holds no such module.
 */
function withReferences<T>(value: T, map: (module: string) => string | undefined): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withReferences(item, map)) as T;
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'module' && typeof field === 'string') {
      const mapped = map(field);
      if (mapped) copy[key] = mapped;
    } else {
      copy[key] = withReferences(field, map);
    }
  }
  return copy as T;
}

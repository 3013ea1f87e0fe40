/**
 * Framework typings of the widget's public elements, generated from their Custom Elements
 * Manifest (`scripts/build-manifest.ts`), so the props and events a framework checks cannot drift
 * from the elements: `npm run build` writes them into `dist/widget/types/frameworks/`, beside the
 * widget's declarations they import.
 *
 * - `elements.d.ts`: per element, `…ElementProps` (its properties, and its attributes by their
 *   HTML names) and `…ElementEvents`; `HTMLElementTagNameMap` and `HTMLElementEventMap` entries.
 * - `react-jsx.d.ts`: the raw elements in React's JSX (`<velvet-login config={…}
 *   onvelvet-event={…}>`; the `@lit/react` wrapper has types of its own).
 * - `vue.d.ts`: Vue's `GlobalComponents` (`@velvet-event` as `onVelvetEvent`).
 * - `svelte.d.ts`: `svelteHTML.IntrinsicElements` (`onvelvet-event`, `on:velvet-event`).
 *
 * Each prop's type is the element class's own (`VelvetLogin['config']`); each event's detail type
 * is named from the manifest and imported from the widget's entry, which must export it.
 *
 * The typings import the widget's declarations relatively: from `..` beside them in
 * `dist/widget/types/`, and from `../types` in the element package (`packages/element/dist/frameworks/`,
 * `scripts/build-packages.ts`), the one generator given where the declarations are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Attribute,
  ClassDeclaration,
  ClassField,
  CustomElement,
  Event,
  Package,
} from 'custom-elements-manifest/schema';
import { ENTRY_MODULE, STANDALONE_ELEMENT_MODULES } from './build-manifest.js';

const root = join(import.meta.dirname, '..');

/** Where `npm run build` writes the typings (the widget's declarations are one level up). */
export const TYPINGS_DIR = join(root, 'dist', 'widget', 'types', 'frameworks');

/** The widget's declarations as the typings import them, by default from {@link TYPINGS_DIR}. */
const DECLARATIONS = '..';

/** A public element as the typings need it. */
export interface TypedElement {
  readonly tagName: string;
  readonly className: string;
  /** Its module, as the typings import it (`../element/velvet-login.js`). */
  readonly importPath: string;
  readonly summary: string;
  /** Properties a page sets: public, writable fields. */
  readonly properties: readonly ClassField[];
  /** Attributes, each with the field it sets. */
  readonly attributes: readonly Attribute[];
  readonly events: readonly Event[];
}

type ElementDeclaration = ClassDeclaration & CustomElement;

/** `widget/element/velvet-login.ts` → `../element/velvet-login.js` (`declarations` being `..`). */
function importPathOf(modulePath: string, declarations: string): string {
  return `${declarations}/${modulePath.replace(/^\/?widget\//, '').replace(/\.ts$/, '.js')}`;
}

/**
 * The elements a page uses: the one the entry defines (`<velvet-login>`) and those of
 * {@link STANDALONE_ELEMENT_MODULES}. The pieces they render (`<velvet-otp-input>`, …) are not.
 * `declarations` is where the widget's declarations are, relative to the typings.
 */
export function publicElements(manifest: Package, declarations = DECLARATIONS): TypedElement[] {
  const entry = manifest.modules.find((module) => module.path === ENTRY_MODULE);
  const defined = new Set(
    (entry?.exports ?? []).flatMap((e) =>
      e.kind === 'custom-element-definition' ? [e.declaration.name] : [],
    ),
  );
  const standalone: readonly string[] = STANDALONE_ELEMENT_MODULES;
  const elements: TypedElement[] = [];
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.kind !== 'class' || !('tagName' in declaration)) continue;
      const element = declaration as ElementDeclaration;
      if (!element.tagName) continue;
      if (!defined.has(element.name) && !standalone.includes(module.path)) continue;
      const properties = (element.members ?? []).filter(
        (member): member is ClassField =>
          member.kind === 'field' &&
          !member.static &&
          !(member as { readonly?: boolean }).readonly && // the analyzer's, for `@readonly`
          (member.privacy === undefined || member.privacy === 'public') &&
          !member.name.startsWith('_'),
      );
      elements.push({
        tagName: element.tagName,
        className: element.name,
        importPath: importPathOf(module.path, declarations),
        summary: element.summary ?? '',
        properties,
        attributes: (element.attributes ?? []).filter((attribute) => attribute.fieldName),
        events: element.events ?? [],
      });
    }
  }
  return elements;
}

/** `velvet-login` → `VelvetLogin`; `velvet-event` → `VelvetEvent`. */
function pascal(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) =>
    letter.toUpperCase(),
  );
}

/** A doc comment at `indent`, or nothing. */
function doc(text: string | undefined, indent: string): string {
  const clean = text?.replace(/\s*\n\s*/g, ' ').trim();
  return clean ? `${indent}/** ${clean.replaceAll('*/', '*\\/')} */\n` : '';
}

/** The names a type text uses that the entry must export (`CustomEvent<VelvetEventDetail>`). */
function typeNames(text: string): string[] {
  const globals = new Set(['CustomEvent', 'Event', 'Record', 'Partial', 'Readonly', 'Array']);
  return [...new Set(text.match(/\b[A-Z][A-Za-z0-9]*\b/g) ?? [])].filter((n) => !globals.has(n));
}

/** An event's type, `CustomEvent` when the manifest gives none. */
function eventType(event: Event): string {
  return event.type?.text?.trim() || 'CustomEvent';
}

const HEADER =
  '// Generated by scripts/element-typings.ts from custom-elements.json: do not edit.\n';

/** `elements.d.ts`: props and events per element, and the global maps. */
function elementsFile(
  elements: readonly TypedElement[],
  entryExports: ReadonlySet<string>,
  declarations: string,
) {
  const detailNames = new Set<string>();
  for (const element of elements) {
    for (const event of element.events) {
      for (const name of typeNames(eventType(event))) {
        if (!entryExports.has(name)) {
          throw new Error(
            `${element.tagName}'s event ${event.name} has the type ${eventType(event)}, but ${ENTRY_MODULE} does not export ${name}`,
          );
        }
        detailNames.add(name);
      }
    }
  }
  const lines = [HEADER];
  for (const element of elements) {
    lines.push(`import type { ${element.className} } from '${element.importPath}';\n`);
  }
  if (detailNames.size > 0) {
    const names = [...detailNames].sort().join(', ');
    lines.push(`import type { ${names} } from '${declarations}/velvet.js';\n`);
  }
  const eventTypes = new Map<string, string>();
  for (const element of elements) {
    const { className } = element;
    lines.push(
      `\n/** The properties and attributes of \`<${element.tagName}>\`: ${element.summary} */\n`,
    );
    lines.push(`export interface ${className}ElementProps {\n`);
    for (const property of element.properties) {
      lines.push(doc(property.description, '  '));
      lines.push(`  ${property.name}?: ${className}['${property.name}'];\n`);
    }
    for (const attribute of element.attributes) {
      if (attribute.name === attribute.fieldName) continue;
      lines.push(doc(`The \`${attribute.fieldName}\` property, as an attribute.`, '  '));
      lines.push(`  '${attribute.name}'?: ${className}['${attribute.fieldName}'];\n`);
    }
    lines.push('}\n');
    lines.push(`\n/** The events of \`<${element.tagName}>\`, by name. */\n`);
    lines.push(`export interface ${className}ElementEvents {\n`);
    for (const event of element.events) {
      lines.push(doc(event.description, '  '));
      lines.push(`  '${event.name}': ${eventType(event)};\n`);
      eventTypes.set(event.name, eventType(event));
    }
    lines.push('}\n');
  }
  lines.push('\ndeclare global {\n  interface HTMLElementTagNameMap {\n');
  for (const element of elements) lines.push(`    '${element.tagName}': ${element.className};\n`);
  lines.push('  }\n  interface HTMLElementEventMap {\n');
  for (const [name, type] of eventTypes) lines.push(`    '${name}': ${type};\n`);
  lines.push('  }\n}\n');
  return lines.join('');
}

/** The props of one element in a framework: its props, and its events as `prefix + name`. */
function frameworkProps(
  element: TypedElement,
  eventProp: (name: string) => readonly string[],
): string {
  const events = element.events.flatMap((event) =>
    eventProp(event.name).map(
      (prop) => `'${prop}'?: (event: ${element.className}ElementEvents['${event.name}']) => void`,
    ),
  );
  return `${element.className}ElementProps & {\n    ${events.join(';\n    ')}${events.length ? ';' : ''}\n  }`;
}

/** The import of each element class (unless not `withClasses`) and its props, for a framework file. */
function imports(elements: readonly TypedElement[], withClasses = true): string {
  const names = elements.flatMap((e) => [
    `${e.className}ElementEvents`,
    `${e.className}ElementProps`,
  ]);
  return [
    ...(withClasses
      ? elements.map((e) => `import type { ${e.className} } from '${e.importPath}';\n`)
      : []),
    `import type {\n  ${names.join(',\n  ')},\n} from './elements.js';\n`,
  ].join('');
}

/** Named props types per framework, exported so they can be used (and tested) alone. */
function propsTypes(
  elements: readonly TypedElement[],
  suffix: string,
  eventProp: (name: string) => readonly string[],
): string {
  return elements
    .map(
      (e) =>
        `\n/** \`<${e.tagName}>\` in ${suffix === 'Jsx' ? "React's JSX" : suffix}: its props and events. */\nexport type ${e.className}${suffix}Props = ${frameworkProps(e, eventProp)};\n`,
    )
    .join('');
}

/** `react-jsx.d.ts`: React 19 sets a custom element's props as properties, `on…` as listeners. */
function reactFile(elements: readonly TypedElement[]): string {
  const entries = elements.map(
    (e) =>
      `      '${e.tagName}': DetailedHTMLProps<HTMLAttributes<${e.className}>, ${e.className}> &\n        ${e.className}JsxProps;\n`,
  );
  return [
    HEADER,
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n",
    imports(elements),
    propsTypes(elements, 'Jsx', (name) => [`on${name}`]),
    "\ndeclare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n",
    ...entries,
    '    }\n  }\n}\n',
  ].join('');
}

/** `vue.d.ts`: Vue's `GlobalComponents`; `@velvet-event` is the prop `onVelvetEvent`. */
function vueFile(elements: readonly TypedElement[]): string {
  const entries = elements.map(
    (e) => `    '${e.tagName}': DefineComponent<${e.className}VueProps>;\n`,
  );
  return [
    HEADER,
    "import type { DefineComponent } from 'vue';\n",
    imports(elements, false),
    propsTypes(elements, 'Vue', (name) => [`on${pascal(name)}`]),
    "\ndeclare module 'vue' {\n  interface GlobalComponents {\n",
    ...entries,
    '  }\n}\n',
  ].join('');
}

/** `svelte.d.ts`: `svelteHTML.IntrinsicElements`; Svelte 5's `onvelvet-event` and `on:velvet-event`. */
function svelteFile(elements: readonly TypedElement[]): string {
  const entries = elements.map(
    (e) =>
      `      '${e.tagName}': import('svelte/elements').HTMLAttributes<${e.className}> &\n        ${e.className}SvelteProps;\n`,
  );
  return [
    HEADER,
    imports(elements),
    propsTypes(elements, 'Svelte', (name) => [`on${name}`, `on:${name}`]),
    '\ndeclare global {\n  namespace svelteHTML {\n    interface IntrinsicElements {\n',
    ...entries,
    '    }\n  }\n}\n',
  ].join('');
}

/**
 * The typings files by name, for `manifest`, importing the widget's declarations from
 * `declarations` (relative to the typings: `..` in `dist/widget/types/frameworks/`).
 */
export function elementTypings(
  manifest: Package,
  declarations = DECLARATIONS,
): Record<string, string> {
  const elements = publicElements(manifest, declarations);
  if (elements.length === 0) throw new Error('the manifest has no public element');
  const entry = manifest.modules.find((module) => module.path === ENTRY_MODULE);
  const entryExports = new Set((entry?.exports ?? []).map((e) => e.name));
  return {
    'elements.d.ts': elementsFile(elements, entryExports, declarations),
    'react-jsx.d.ts': reactFile(elements),
    'vue.d.ts': vueFile(elements),
    'svelte.d.ts': svelteFile(elements),
  };
}

/**
 * Writes the typings of `manifest` into `dir`, importing the widget's declarations from
 * `declarations` (relative to `dir`); returns the files' names.
 */
export function writeElementTypings(
  manifest: Package,
  dir = TYPINGS_DIR,
  declarations = DECLARATIONS,
): string[] {
  const files = elementTypings(manifest, declarations);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return Object.keys(files);
}

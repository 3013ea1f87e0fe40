/**
 * Writes the widget page's table (`docs/widget.md`) of `<velvet-login>`'s CSS custom properties
 * from the Custom Elements Manifest, which is made from the element's doc comment (`@cssproperty
 * [--name=default] - description`). The manifest is the contract; the page only shows it, so
 * the two cannot disagree (`scripts/docs-css-properties.test.ts` fails when the page is stale).
 * Run after editing the doc comment: `node --import tsx scripts/docs-css-properties.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ClassDeclaration,
  CssCustomProperty,
  CustomElement,
  Package,
} from 'custom-elements-manifest/schema';
import { analyzeElements } from './build-manifest.js';

/** The page that shows the table. */
export const WIDGET_PAGE_PATH = join(import.meta.dirname, '..', 'docs', 'widget.md');

/** The line before the table. */
export const TABLE_START =
  '<!-- css-properties: written by scripts/docs-css-properties.ts from the doc comment of widget/element/velvet-login.ts -->';
/** The line after the table. */
export const TABLE_END = '<!-- /css-properties -->';

/** The custom properties `<velvet-login>` documents, in the doc comment's order. */
export function velvetLoginCssProperties(manifest: Package): CssCustomProperty[] {
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.kind === 'class' && 'tagName' in declaration) {
        const element = declaration as ClassDeclaration & CustomElement;
        if (element.tagName === 'velvet-login') return element.cssProperties ?? [];
      }
    }
  }
  throw new Error('velvet-login is not in the manifest');
}

/** A table cell's text: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** The Markdown table: one row per custom property, with its default and meaning. */
export function cssPropertiesTable(manifest: Package): string {
  const rows = velvetLoginCssProperties(manifest).map(
    (property) =>
      `| \`${property.name}\` | ${property.default ? `\`${cell(property.default)}\`` : '—'} | ${cell(property.description ?? '')} |`,
  );
  return ['| Custom property | Default | What it sets |', '|---|---|---|', ...rows].join('\n');
}

/** `page` with the text between the markers replaced by `table`. */
export function withTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/widget.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  }
  return `${page.slice(0, start + TABLE_START.length)}\n${table}\n${page.slice(end)}`;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const page = readFileSync(WIDGET_PAGE_PATH, 'utf8');
  writeFileSync(WIDGET_PAGE_PATH, withTable(page, cssPropertiesTable(analyzeElements())));
  console.log('docs/widget.md: the CSS custom properties table is written.');
}

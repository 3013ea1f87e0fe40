import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ClassDeclaration, CustomElement, Package } from 'custom-elements-manifest/schema';
import { THEME_DEFAULTS } from '../widget/theme/theme.js';
import { buildManifest } from './build-manifest.js';

/** The declaration of `tagName` in `manifest`, with the module that holds it. */
function element(manifest: Package, tagName: string) {
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.kind === 'class' && 'tagName' in declaration) {
        const custom = declaration as ClassDeclaration & CustomElement;
        if (custom.tagName === tagName) return { module, declaration: custom };
      }
    }
  }
  assert.fail(`${tagName} is not in the manifest`);
}

describe('custom-elements.json (scripts/build-manifest.ts)', () => {
  let dir: string;
  let path: string;
  let manifest: Package;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'velvet-manifest-'));
    path = join(dir, 'custom-elements.json');
    buildManifest(path);
    manifest = JSON.parse(readFileSync(path, 'utf8'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is a schema 1.0.0 manifest naming the sources', () => {
    assert.equal(manifest.schemaVersion, '1.0.0');
    assert.ok(manifest.modules.every((module) => /^widget\/[\w/-]+\.ts$/.test(module.path)));
  });

  test('velvet-login is defined by VelvetLogin, with its summary', () => {
    const { module, declaration } = element(manifest, 'velvet-login');
    assert.equal(declaration.name, 'VelvetLogin');
    assert.equal(module.path, 'widget/element/velvet-login.ts');
    assert.ok(declaration.summary && declaration.summary.length > 10, 'has a summary');
    assert.equal(typeof declaration.summary, 'string');
    const definitions = manifest.modules.flatMap((m) =>
      (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition'),
    );
    const definition = definitions.find((e) => e.name === 'velvet-login');
    assert.equal(definition?.declaration.name, 'VelvetLogin', 'customElements.define is found');
  });

  test('velvet-login lists the attributes a page writes in HTML', () => {
    const { declaration } = element(manifest, 'velvet-login');
    const attributes = new Map(declaration.attributes?.map((a) => [a.name, a]));
    assert.equal(attributes.get('public-token')?.fieldName, 'publicToken');
    assert.equal(attributes.get('config')?.fieldName, 'config');
    assert.equal(attributes.get('api-base')?.fieldName, 'apiBase');
    for (const attribute of ['public-token', 'config', 'api-base']) {
      assert.ok(attributes.get(attribute)?.description, `${attribute} is described`);
    }
  });

  test('velvet-login lists its events with their detail types', () => {
    const { declaration } = element(manifest, 'velvet-login');
    const events = new Map(declaration.events?.map((e) => [e.name, e]));
    assert.match(events.get('velvet-event')?.type?.text ?? '', /VelvetEventDetail/);
    assert.match(events.get('velvet-error')?.type?.text ?? '', /VelvetErrorDetail/);
    assert.ok(events.get('velvet-event')?.description);
    assert.ok(events.get('velvet-error')?.description);
  });

  test('velvet-login documents its parts and every custom property the theme sets', () => {
    const { declaration } = element(manifest, 'velvet-login');
    assert.ok((declaration.cssParts ?? []).length > 0, 'has parts');
    for (const part of declaration.cssParts ?? []) assert.ok(part.description, part.name);
    const documented = new Set(declaration.cssProperties?.map((p) => p.name));
    const missing = Object.keys(THEME_DEFAULTS).filter((name) => !documented.has(name));
    assert.deepEqual(missing, [], 'theme properties without a @cssproperty');
  });

  test('the pieces are in it too, each with a summary', () => {
    for (const tagName of ['velvet-otp-input', 'velvet-phone-input', 'velvet-email-input']) {
      const { declaration } = element(manifest, tagName);
      assert.equal(typeof declaration.summary, 'string', tagName);
    }
    const { declaration: otp } = element(manifest, 'velvet-otp-input');
    assert.deepEqual(
      otp.events?.map((e) => e.name),
      ['velvet-otp-complete'],
    );
  });

  test('velvet-passkey-registration, built on its own, is in it with its events and parts', () => {
    const { module, declaration } = element(manifest, 'velvet-passkey-registration');
    assert.equal(declaration.name, 'VelvetPasskeyRegistration');
    assert.equal(module.path, 'widget/products/passkeys/passkey-registration.ts');
    assert.equal(typeof declaration.summary, 'string');
    const events = new Map(declaration.events?.map((e) => [e.name, e]));
    assert.match(events.get('velvet-event')?.type?.text ?? '', /VelvetEventDetail/);
    assert.ok(declaration.cssParts?.some((part) => part.name === 'button'));
  });

  test('velvet-identity-provider, the consent and logout screens, is in it', () => {
    const { declaration } = element(manifest, 'velvet-identity-provider');
    assert.equal(typeof declaration.summary, 'string');
    assert.ok(declaration.cssParts?.some((part) => part.name === 'scopes'));
  });
});

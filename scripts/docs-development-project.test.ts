/**
 * The README's list of the development project's products is the server's
 * (`developmentProject` in `server/config/config.ts`): the README once gave two lists, and
 * neither was the server's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../server/config/config.js';
import type { Product } from '../server/projects/project-settings.js';
import { ROOT } from './docs-markdown.js';

/** How the README names each product in its list. */
const NAMES: Record<Product, string> = {
  emailMagicLinks: 'email magic links',
  otp: 'passcodes by SMS, WhatsApp and email',
  oauth: 'OAuth',
  crypto: 'crypto wallet sign-in',
  passwords: 'passwords',
  passkeys: 'passkeys',
};

test('the README names the development project’s products, and only those', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'velvet-docs-'));
  try {
    const [project] = loadConfig({ NODE_ENV: 'development' }, cwd).projects;
    assert.ok(project);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const list = /`developmentProject` in `server\/config\/config\.ts` lists: ([^.]+)\./.exec(
      readme,
    )?.[1];
    assert.ok(list, 'the README lists the development project’s products');
    const offered = new Set(project.settings.products);
    for (const [product, name] of Object.entries(NAMES) as Array<[Product, string]>) {
      assert.equal(list.includes(name), offered.has(product), `${product} ("${name}"): ${list}`);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

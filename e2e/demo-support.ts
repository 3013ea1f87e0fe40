/**
 * The demo page for end-to-end tests: the demo built as `npm run build` builds it (into
 * `dist/demo`, once per test process), and the real server serving it on a port chosen up
 * front, so the development project authorizes the page's own origin.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../server/test/ports.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';

const root = join(import.meta.dirname, '..');

let built = false;

/** Builds the demo into `dist/demo` (`scripts/build-demo.ts`), once per test process. */
export function buildDemoOnce(): void {
  if (built) return;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-demo.ts', '--quiet'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`the demo build failed:\n${result.stdout}\n${result.stderr}`);
  }
  built = true;
}

/** A running server with the demo. */
export interface DemoServer {
  /** The server's origin, e.g. `http://localhost:41234`. */
  readonly origin: string;
  /** The demo page, `{origin}/demo/`. */
  readonly demoUrl: string;
  readonly velvet: VelvetServer;
  stop(): Promise<void>;
}

/**
 * Builds the demo if needed and starts a development server serving it; `config` replaces the
 * development project with the projects it lists.
 */
export async function startDemo(options: { config?: unknown } = {}): Promise<DemoServer> {
  buildDemoOnce();
  const port = await freePort();
  const velvet = await startVelvet({
    env: { PORT: String(port) },
    ...(options.config ? { config: options.config } : {}),
  });
  const origin = `http://localhost:${port}`;
  return { origin, demoUrl: `${origin}/demo/`, velvet, stop: () => velvet.stop() };
}

/** Opens the settings group whose summary reads `name`, if it is closed. */
export async function openGroup(page: Page, name: string): Promise<void> {
  const group = page.locator('details.group').filter({
    has: page.locator('summary', { hasText: name }),
  });
  if (!(await group.evaluate((details: HTMLDetailsElement) => details.open))) {
    await group.locator('summary').click();
  }
}

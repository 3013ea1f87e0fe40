/**
 * The test wallets as one classic script for `page.addInitScript`: `install-test-wallets.ts`
 * and its libraries (viem's local account, @noble/curves) bundled by esbuild, once per process.
 */
import { join } from 'node:path';
import { build } from 'esbuild';

let script: Promise<string> | undefined;

/** The bundled init script (built on the first call). */
export function testWalletsScript(): Promise<string> {
  script ??= build({
    entryPoints: [join(import.meta.dirname, 'install-test-wallets.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return script;
}

/** What the page's test wallets expose (`window.velvetTestWallets`). */
export interface PageTestWallets {
  ethereum: { address: string; signed: string[]; calls: string[]; reject?: 'connect' | 'sign' };
  solana: { address: string; signed: string[]; calls: string[]; reject?: 'connect' | 'sign' };
}

/**
 * The deployment files agree with the server and with each other: systemd accepts the unit
 * (`systemd-analyze verify`), it waits longer than the server's shutdown deadline before it
 * kills, and nginx closes idle upstream connections before a draining process would.
 * (The nginx site itself runs in `e2e/https-proxy.e2e.ts` and `e2e/rolling-restart.e2e.ts`.)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PRODUCTION_DRAIN_MS, SHUTDOWN_TIMEOUT_MS } from '../server/ops/graceful-shutdown.js';

const root = join(import.meta.dirname, '..');
const unit = readFileSync(join(root, 'deploy', 'systemd', 'velvet@.service'), 'utf8');
const site = readFileSync(join(root, 'deploy', 'nginx', 'velvet.conf'), 'utf8');

/** The values of `name=` lines in the unit. */
function directive(name: string): string[] {
  return [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');
}

/** `value` (systemd's `25s`, nginx's `4s`, or bare seconds) in milliseconds. */
function seconds(value: string): number {
  const match = /^(\d+)s?$/.exec(value.trim());
  assert.ok(match?.[1], `a time in seconds: ${value}`);
  return Number(match[1]) * 1000;
}

describe('deploy/', () => {
  test('systemd accepts the unit (systemd-analyze verify reports nothing)', (t) => {
    const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    if (analyze.error) {
      t.skip('systemd-analyze is not installed');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'velvet-unit-'));
    try {
      // An instance of the template; node where this machine has it, if not in /usr/bin.
      const path = join(dir, 'velvet@8080.service');
      writeFileSync(
        path,
        existsSync('/usr/bin/node') ? unit : unit.replace('/usr/bin/node', process.execPath),
      );
      const result = spawnSync('systemd-analyze', ['verify', path], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(`${result.stdout}${result.stderr}`.trim(), '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('systemd waits past the shutdown deadline and sends SIGTERM; no MemoryDenyWriteExecute', () => {
    const [stop] = directive('TimeoutStopSec');
    assert.ok(stop);
    assert.ok(seconds(stop) > SHUTDOWN_TIMEOUT_MS, `TimeoutStopSec=${stop}`);
    assert.deepEqual(directive('KillSignal'), ['SIGTERM']);
    assert.deepEqual(directive('MemoryDenyWriteExecute'), [], 'V8 cannot run under it');
    for (const hardening of ['NoNewPrivileges', 'ProtectSystem', 'ProtectHome', 'PrivateTmp']) {
      assert.equal(directive(hardening).length, 1, hardening);
    }
    assert.deepEqual(directive('CapabilityBoundingSet'), ['']);
  });

  test('nginx drops idle upstream connections before a draining process closes them', () => {
    const timeout = /^\s*keepalive_timeout\s+(\S+);/m.exec(site)?.[1];
    assert.ok(timeout, 'the upstream sets keepalive_timeout');
    assert.ok(seconds(timeout) < PRODUCTION_DRAIN_MS, `keepalive_timeout ${timeout}`);
  });

  test('nginx forwards to the ports and the host the unit listens on', () => {
    // On the command line, after EnvironmentFile=, so a PORT or HOST in the file cannot win.
    assert.deepEqual(directive('Environment'), []);
    const [start] = directive('ExecStart');
    assert.match(
      start ?? '',
      /^\/usr\/bin\/env PORT=%i HOST=127\.0\.0\.1 DATA_DIR=\S+ \/usr\/bin\/node /,
    );
    for (const port of [8080, 8081])
      assert.match(site, new RegExp(`server 127\\.0\\.0\\.1:${port} `));
  });
});

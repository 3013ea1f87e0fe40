/**
 * The shell blocks the docs mark as runnable (` ```sh runnable `) run, as a reader would run
 * them, against a development server with no configuration (`npm start`'s): the block's
 * `http://localhost:8080` is the test server's address, `bash -euo pipefail` runs it, and it
 * must exit 0 (its `curl -f` fails on any HTTP error).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { isRunnable } from './docs-code-blocks.js';
import { documentationBlocks, ROOT } from './docs-markdown.js';

const runnable = documentationBlocks().filter(isRunnable);

describe('the runnable shell blocks of the README and docs/', () => {
  let server: VelvetServer;
  before(async () => {
    server = await startVelvet({ postgresUrl: '' });
  });
  after(async () => {
    await server?.stop();
  });

  test('there is at least the development project’s sign-in', () => {
    assert.ok(
      runnable.some((block) => block.file === 'README.md'),
      'the README’s sign-in from a shell is marked runnable',
    );
  });

  for (const block of runnable) {
    test(`${block.file}:${block.line} runs`, () => {
      const script = block.code.replaceAll('http://localhost:8080', server.url);
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
      if (block.file === 'README.md') {
        // The last answer is the session the passcode started.
        const answer = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
          status_code?: number;
          data?: { session_token?: string };
        };
        assert.equal(answer.status_code, 200);
        assert.ok(answer.data?.session_token, run.stdout);
      }
    });
  }
});

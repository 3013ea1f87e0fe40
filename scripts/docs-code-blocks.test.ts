/**
 * Every fenced code block of the README and of `docs/` has a checker, and passes it
 * (`scripts/docs-code-blocks.ts`); the checkers refuse what they should.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { blockProblems, checkerOf } from './docs-code-blocks.js';
import { documentationBlocks, fencedBlocks, ROOT } from './docs-markdown.js';

/** The blocks of a made-up page `docs/page.md`. */
function blocksOf(...lines: string[]) {
  return fencedBlocks(lines.join('\n'), join(ROOT, 'docs', 'page.md'));
}

describe('the code blocks of the README and docs/', () => {
  test('every block has a checker and passes it', async () => {
    const blocks = documentationBlocks();
    assert.ok(blocks.length >= 40, `only ${blocks.length} blocks found`);
    const problems = (await Promise.all(blocks.map(blockProblems))).flat();
    assert.deepEqual(problems, []);
    const counts: Record<string, number> = {};
    for (const block of blocks) {
      const checker = checkerOf(block) ?? 'none';
      counts[checker] = (counts[checker] ?? 0) + 1;
    }
    console.log('blocks by checker:', counts);
  });

  test('a block no checker takes is a problem', async () => {
    const [plain, python] = blocksOf('```', 'text', '```', '```python', 'print(1)', '```');
    assert.ok(plain && python);
    assert.deepEqual(await blockProblems(plain), [
      'docs/page.md:1: a `plain` block no test checks',
    ]);
    assert.deepEqual(await blockProblems(python), [
      'docs/page.md:4: a `python` block no test checks',
    ]);
  });

  test('the checkers refuse broken blocks', async () => {
    const blocks = blocksOf(
      '```sh',
      'npm run no-such-script && if then',
      '```',
      '```js',
      "import { notAnExport } from 'lit';",
      '```',
      '```html',
      '<script type="module" src="https://party.example/widget/velvet-all.js"></script>',
      `<velvet-login public-tokn="public-token-test-x" config='{"products":["otp"],"otpOptions":{"methods":["fax"]}}'></velvet-login>`,
      '```',
      '```ts from=server/config/config.ts',
      "export const DEVELOPMENT_PUBLIC_TOKEN = 'public-token-live-x';",
      '```',
      '```yaml',
      'scrape_configs:',
      "  - static_configs: [{ targets: ['127.0.0.1:9090'] }]",
      '```',
    );
    const problems = (await Promise.all(blocks.map(blockProblems))).map((list) =>
      list.map((problem) => problem.split('\n')[0]),
    );
    assert.match(problems[0]?.[0] ?? '', /^docs\/page\.md:1: bash -n: /);
    assert.equal(problems[0]?.[1], 'docs/page.md:1: npm run no-such-script: no such script');
    assert.match(problems[1]?.[0] ?? '', /^docs\/page\.md:4: No matching export .* "notAnExport"/);
    assert.deepEqual(problems[2]?.slice(0, 2), [
      'docs/page.md:7: https://party.example/widget/velvet-all.js is not a served widget entry',
      'docs/page.md:7: <velvet-login> has no attribute public-tokn',
    ]);
    assert.match(problems[2]?.[2] ?? '', /^docs\/page\.md:7: config: .*methods/);
    assert.equal(problems[3]?.[0], 'docs/page.md:11: not found in server/config/config.ts:');
    assert.equal(
      problems[4]?.[0],
      "docs/page.md:14: targets 127.0.0.1:9090 are not nginx's 127.0.0.1:8080,127.0.0.1:8081",
    );
  });
});

/**
 * Every JSON block of the README and of `docs/` loads as a Velvet config
 * (`scripts/docs-config-blocks.ts`), and a broken one is named by file and line.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { configBlockProblems } from './docs-config-blocks.js';
import { documentationBlocks, fencedBlocks, ROOT } from './docs-markdown.js';

describe('the config examples of the README and docs/ load', () => {
  test('every JSON block, a whole config or a project’s settings, loads', () => {
    const blocks = documentationBlocks().filter((block) => block.lang === 'json');
    assert.ok(blocks.length >= 5, `only ${blocks.length} JSON blocks found`);
    assert.deepEqual(blocks.flatMap(configBlockProblems), []);
  });

  test('a block with a key written twice fails, naming the line of the page', () => {
    const markdown = [
      '# Config',
      '',
      '```json',
      '{',
      '  "projects": [',
      '    { "name": "Party", "publicToken": "public-token-test-0123456789",',
      '      "oauth": { "providers": {} },',
      '      "oauth": { "providers": {} } }',
      '  ]',
      '}',
      '```',
      '',
      '```json',
      '"sessions": { "defaultDuration": 60 }',
      '```',
      '',
      '```json',
      '[1, 2]',
      '```',
    ].join('\n');
    const blocks = fencedBlocks(markdown, join(ROOT, 'docs', 'page.md'));
    assert.deepEqual(blocks.flatMap(configBlockProblems), [
      'the block at docs/page.md:3: Invalid setting docs/page.md:8:7: is not valid JSON: the key "oauth" is written twice in one object (first on line 7); only one would count',
      'the block at docs/page.md:13: Invalid setting projects[0].sessions in docs/page.md:14:15: unknown setting "defaultDuration"',
      "the block at docs/page.md:17 is neither a config nor a project's settings",
    ]);
  });
});

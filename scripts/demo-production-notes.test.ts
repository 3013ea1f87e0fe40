/**
 * The demo's production notes (`demo/production-notes.ts`) name what the server really reads:
 * every key between backticks is a key of a project in the config file's schema, every
 * environment variable is one the server reads, the OAuth callback is the server's route, and
 * each value is one the schema or the defaults hold. A note stays one or two sentences.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PRODUCTION_NOTES } from '../demo/production-notes.js';
import { SDK_PREFIX } from '../server/app.js';
import { configFileSchema } from '../server/config/config-file-validator.js';
import { settingsParts } from '../server/products/registry.js';
import { defaultProjectSettings } from '../server/projects/project-settings.js';

const root = join(import.meta.dirname, '..');

interface Schema {
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  propertyNames?: { enum?: readonly string[] };
}

const projectSchema = configFileSchema.properties.projects.items as Schema;

/** The text of every server source file but the tests. */
const serverSource = (function read(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return read(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? readFileSync(path, 'utf8')
        : '';
    })
    .join('\n');
})(join(root, 'server'));

/** Words in backticks that are neither keys, variables, routes nor values, and their check. */
const OTHER_WORDS: Record<string, () => boolean> = {
  /** The config file the server reads by default. */
  'velvet.config.json': () => serverSource.includes("'velvet.config.json'"),
  /** The host browsers treat as secure without https (a fact of the browsers). */
  localhost: () => true,
};

/** Whether `path` (dotted; `<name>` for any key) names a key of a project in the config file. */
function isProjectKey(path: string): boolean {
  let schema: Schema | undefined = projectSchema;
  for (const segment of path.split('.')) {
    const named: Schema | undefined = schema?.properties?.[segment];
    const extra: Schema | boolean | undefined = schema?.additionalProperties;
    const anyKey: boolean =
      /^<[a-z]+>$/.test(segment) || schema?.propertyNames?.enum?.includes(segment) === true;
    schema = named ?? (anyKey && typeof extra === 'object' ? extra : undefined);
    if (!schema) return false;
  }
  return true;
}

/** The code spans of a note. */
function codeSpans(note: string): string[] {
  return note.split('`').filter((_, index) => index % 2 === 1);
}

/** Whether `value` is a value the config's schema or its defaults hold. */
function isKnownValue(value: string): boolean {
  const quoted = JSON.stringify(value);
  return (
    JSON.stringify(projectSchema).includes(quoted) ||
    JSON.stringify(defaultProjectSettings(settingsParts)).includes(quoted)
  );
}

describe('the demo’s production notes', () => {
  for (const [panel, note] of Object.entries(PRODUCTION_NOTES)) {
    test(`${panel}: names real keys, variables and values, in one or two sentences`, () => {
      const prose = note.replace(/`[^`]*`/g, 'code');
      const sentences = prose.split(/[.!?](?:\s|$)/).filter((part) => part.trim() !== '');
      assert.ok(sentences.length <= 2, `${panel} has ${sentences.length} sentences`);
      for (const span of codeSpans(note)) {
        if (/^[A-Z][A-Z0-9_]+$/.test(span)) {
          assert.match(serverSource, new RegExp(`\\b${span}\\b`), `${span} is not read`);
        } else if (span.startsWith('/')) {
          assert.ok(span.startsWith(SDK_PREFIX), `${span} is not under ${SDK_PREFIX}`);
          const route = span.slice(SDK_PREFIX.length).replace(/<([a-z]+)>/g, ':$1');
          assert.ok(serverSource.includes(`'${route}'`), `no route ${route}`);
        } else if (OTHER_WORDS[span]) {
          assert.ok(OTHER_WORDS[span](), `${span} is not what the server reads`);
        } else {
          assert.ok(
            isProjectKey(span) || isKnownValue(span),
            `${span} is neither a project key nor a value of the config`,
          );
        }
      }
    });
  }

  test('the key check refuses a key the config does not have', () => {
    assert.equal(isProjectKey('oauth.providers.google.clientId'), true);
    assert.equal(isProjectKey('oauth.providers.<provider>.clientSecret'), true);
    assert.equal(isProjectKey('oauth.providers.myspace.clientId'), false);
    assert.equal(isProjectKey('sms.allowedCountry'), false);
  });
});

/**
 * The es and fr catalogues against the English one: every text there (the types hold the keys),
 * none empty, each with the same `{slots}` as its English text, so no name, count or date is
 * lost in translation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from './en.js';
import es from './es.js';
import fr from './fr.js';

/** Every text of `catalogue`, by its dotted key. */
function texts(catalogue: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [k, v] of texts(value as object, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

/** The `{slots}` of `text`, sorted. */
const slots = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([slot]) => slot).sort();

for (const [name, catalogue] of [
  ['es', es],
  ['fr', fr],
] as const) {
  test(`the ${name} catalogue has every English text, none empty, with the same slots`, () => {
    const english = texts(en);
    const translated = texts(catalogue);
    assert.deepEqual([...translated.keys()].sort(), [...english.keys()].sort());
    for (const [key, text] of translated) {
      assert.ok(text.trim(), `${name} ${key} is empty`);
      assert.deepEqual(slots(text), slots(english.get(key) ?? ''), `${name} ${key}`);
    }
    assert.equal(catalogue.lang, name);
  });
}

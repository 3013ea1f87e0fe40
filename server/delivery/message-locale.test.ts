import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { durationText, messageLocaleOf } from './message-locale.js';

describe('messageLocaleOf', () => {
  test("a request's locale picks its language's catalogue, English for anything else", () => {
    const cases: [string | undefined, string][] = [
      ['es', 'es'],
      ['es-MX', 'es'],
      ['ES_es', 'es'],
      ['fr-FR', 'fr'],
      ['fr-CA', 'fr'],
      ['en', 'en'],
      ['en-GB', 'en'],
      ['de', 'en'],
      ['pt-BR', 'en'],
      ['spanish', 'en'],
      ['', 'en'],
      [undefined, 'en'],
    ];
    for (const [requested, expected] of cases) {
      assert.equal(messageLocaleOf(requested), expected, String(requested));
    }
  });
});

describe('durationText', () => {
  test('minutes, hours and days in each language, singular and plural', () => {
    assert.equal(durationText('en', 1), '1 minute');
    assert.equal(durationText('en', 10), '10 minutes');
    assert.equal(
      durationText('en', 60),
      '60 minutes',
      'minutes only unless a larger unit is allowed',
    );
    assert.equal(durationText('en', 60, 'hour'), '1 hour');
    assert.equal(durationText('en', 2880, 'hour'), '48 hours');
    assert.equal(durationText('en', 2880, 'day'), '2 days');
    assert.equal(durationText('en', 90, 'day'), '90 minutes');
    assert.equal(durationText('es', 1), '1 minuto');
    assert.equal(durationText('es', 10), '10 minutos');
    assert.equal(durationText('es', 60, 'hour'), '1 hora');
    assert.equal(durationText('es', 1440, 'day'), '1 día');
    assert.equal(durationText('es', 4320, 'day'), '3 días');
    assert.equal(durationText('fr', 1), '1 minute');
    assert.equal(durationText('fr', 120, 'hour'), '2 heures');
    assert.equal(durationText('fr', 1440, 'day'), '1 jour');
    assert.equal(durationText('fr', 10080, 'day'), '7 jours');
  });

  test('a duration that is not a positive whole number of minutes is refused', () => {
    for (const minutes of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => durationText('es', minutes), RangeError);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fitsOneSmsSegment, foldToGsm7, smsLength } from './sms-segment.js';

describe('smsLength', () => {
  test('GSM-7 counts septets, an extension character two; any other character forces UCS-2', () => {
    assert.deepEqual(smsLength('Votre code est 123456.'), { encoding: 'gsm7', units: 22 });
    assert.deepEqual(smsLength('€5'), { encoding: 'gsm7', units: 3 });
    assert.deepEqual(smsLength('Tu código'), { encoding: 'ucs2', units: 9 });
    assert.ok(fitsOneSmsSegment('a'.repeat(160)));
    assert.ok(!fitsOneSmsSegment('a'.repeat(161)));
    assert.ok(fitsOneSmsSegment('ó'.repeat(70)));
    assert.ok(!fitsOneSmsSegment('ó'.repeat(71)));
  });
});

describe('foldToGsm7', () => {
  test('letters GSM-7 lacks become their base letters; its own accented letters stay', () => {
    assert.equal(
      foldToGsm7('Tu código caduca. Día, sesión, menú'),
      'Tu codigo caduca. Dia, sesion, menu',
    );
    assert.equal(foldToGsm7('Ça, ça, déjà, où, ñ, ü, É'), 'Ça, ca, déjà, où, ñ, ü, É');
    assert.equal(foldToGsm7('fête île côte'), 'fete ile cote');
    assert.equal(smsLength(foldToGsm7('Tu código para María')).encoding, 'gsm7');
  });

  test('what has no GSM-7 base letter is left as it is', () => {
    assert.equal(foldToGsm7('Fiesta 🎉 Ωμέγα'), 'Fiesta 🎉 Ωμέγα');
    assert.equal(smsLength(foldToGsm7('Fiesta 🎉')).encoding, 'ucs2');
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CsvError, formatCsv, parseCsv } from './csv.js';

describe('parseCsv', () => {
  test('splits lines and fields, trimming unquoted fields', () => {
    assert.deepEqual(parseCsv('a,b\n c , d \n'), [
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
    ]);
  });

  test('reads quoted fields with commas, quotes and line breaks', () => {
    const rows = parseCsv('"+1 415, ext",  "Ada ""Countess"" Lovelace"\n"two\nlines",x\nlast,row');
    assert.deepEqual(rows, [
      { line: 1, fields: ['+1 415, ext', 'Ada "Countess" Lovelace'] },
      { line: 2, fields: ['two\nlines', 'x'] },
      { line: 4, fields: ['last', 'row'] },
    ]);
  });

  test('skips blank lines and keeps line numbers', () => {
    const rows = parseCsv('\r\na,b\r\n\r\n   \r\nc,d\r\n\r\n');
    assert.deepEqual(rows, [
      { line: 2, fields: ['a', 'b'] },
      { line: 5, fields: ['c', 'd'] },
    ]);
  });

  test('keeps empty fields and a quoted empty line', () => {
    assert.deepEqual(parseCsv(',x,\n""'), [
      { line: 1, fields: ['', 'x', ''] },
      { line: 2, fields: [''] },
    ]);
  });

  test('ignores a byte-order mark and handles a last line without a line end', () => {
    assert.deepEqual(parseCsv('\uFEFFphone,name\n+14155552671,Ada'), [
      { line: 1, fields: ['phone', 'name'] },
      { line: 2, fields: ['+14155552671', 'Ada'] },
    ]);
  });

  test('reads an empty file as no rows', () => {
    assert.deepEqual(parseCsv(''), []);
    assert.deepEqual(parseCsv('\n\n'), []);
  });

  test('rejects an unterminated quoted field, naming its line', () => {
    assert.throws(
      () => parseCsv('a,b\n"open,c\nd'),
      (error: unknown) => error instanceof CsvError && error.line === 2,
    );
  });
});

describe('formatCsv', () => {
  test('quotes what needs it, keeps formulas as text, and reads back with parseCsv', () => {
    const rows = [
      ['+14155552671', 'Hopper, Grace', 'said "hi"\nthen left'],
      ['=SUM(A1:A9)', '@cmd', '-2', '+1', '-x'],
    ];
    const text = formatCsv(rows);
    assert.equal(
      text,
      '+14155552671,"Hopper, Grace","said ""hi""\nthen left"\r\n\'=SUM(A1:A9),\'@cmd,-2,+1,\'-x\r\n',
    );
    assert.deepEqual(
      parseCsv(text).map((row) => row.fields),
      [rows[0], ["'=SUM(A1:A9)", "'@cmd", '-2', '+1', "'-x"]],
    );
  });
});

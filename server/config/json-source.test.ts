import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonSourceError, locate, readJsonSource, scanJson } from './json-source.js';

/** The offset and problem `read` throws with. */
function failure(read: () => unknown): { offset: number; problem: string } {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof JsonSourceError, String(error));
    return { offset: error.offset, problem: error.problem };
  }
  assert.fail('the text was accepted');
}

describe('a JSON text read as a person wrote it', () => {
  test('the scan stops where JSON.parse does, for each kind of syntax error', () => {
    const texts = [
      '{"a":1,}',
      '{"a":1\n "b":2}',
      '{"a":"x',
      '[1,2',
      '{"a":1}}',
      '{"a":"\u0001"}',
      '{"a":01}',
      '{"a": -}',
      '{"a": "\\q"}',
      '{"a": "\\u12"}',
      '{"a" 1}',
      '{1:2}',
      '  {"a": [1, 2 3]}',
      '{"a": 1.}',
      '{"a": 1e}',
    ];
    for (const text of texts) {
      let position: number | undefined;
      try {
        JSON.parse(text);
      } catch (error) {
        position = Number(/at position (\d+)/.exec((error as Error).message)?.[1]);
      }
      assert.equal(failure(() => scanJson(text)).offset, position, text);
      assert.equal(failure(() => readJsonSource(text)).offset, position, text);
    }
  });

  test('where JSON.parse gives no position, the scan says where and what was expected', () => {
    const cases: Array<[string, number, string]> = [
      ['[1,]', 3, 'expected a value, not "]"'],
      ['{"a": tru }', 9, 'expected true, not " "'],
      ['{"a": Party}', 6, 'expected a value, not "P"'],
      ['{"a":', 5, 'the file ends where a value was expected'],
      ['', 0, 'the file ends where a value was expected'],
    ];
    for (const [text, offset, problem] of cases) {
      assert.throws(() => JSON.parse(text));
      assert.deepEqual(
        failure(() => readJsonSource(text)),
        { offset, problem },
        text,
      );
    }
  });

  test('a key written twice in one object is refused at the second, naming the first line', () => {
    const text = '{\n  "a": 1,\n  "b": {"a": 2},\n  "a": 3\n}';
    assert.deepEqual(JSON.parse(text), { a: 3, b: { a: 2 } });
    const { offset, problem } = failure(() => readJsonSource(text));
    assert.deepEqual(locate(text, offset), { line: 4, column: 3 });
    assert.match(problem, /"a" is written twice in one object \(first on line 2\)/);
    // The same name written with an escape is the same key.
    assert.throws(() => readJsonSource('{"a": 1, "\\u0061": 2}'), JsonSourceError);
  });

  test('keys and array elements by JSON pointer, with their lines and columns', () => {
    const text = '{\n  "projects": [\n    { "a/b": 1, "c~d": [true, null] }\n  ]\n}';
    const { value, keys } = readJsonSource(text);
    assert.deepEqual(value, JSON.parse(text));
    const at = (pointer: string) => {
      const offset = keys.get(pointer);
      return offset === undefined ? undefined : locate(text, offset);
    };
    assert.deepEqual(at('/projects'), { line: 2, column: 3 });
    assert.deepEqual(at('/projects/0'), { line: 3, column: 5 });
    assert.deepEqual(at('/projects/0/a~1b'), { line: 3, column: 7 });
    assert.deepEqual(at('/projects/0/c~0d/1'), { line: 3, column: 31 });
  });

  test('CRLF line ends: the column counts from the line’s start', () => {
    assert.deepEqual(locate('{\r\n  "a": x', 10), { line: 2, column: 8 });
  });
});

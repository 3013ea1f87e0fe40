/**
 * A JSON text read as a person wrote it: where it goes wrong (line and column, and what was
 * expected there), a key written twice in one object (which `JSON.parse` accepts silently,
 * keeping the last), and the line of every key by JSON pointer, so a config error can name the
 * line of the setting it is about.
 */

/** A place in a text, both counted from 1; the column counts characters. */
export interface TextLocation {
  line: number;
  column: number;
}

/** The JSON text cannot be read: `offset` is where, `problem` says what was expected there. */
export class JsonSourceError extends Error {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {
    super(problem);
    this.name = 'JsonSourceError';
  }
}

/**
 * A JSON text read: its value and, by JSON pointer (`/projects/0/otp`), the offset of every key
 * and of every array element.
 */
export interface JsonSource {
  value: unknown;
  keys: ReadonlyMap<string, number>;
}

/** The line and column of `offset` in `text`. */
export function locate(text: string, offset: number): TextLocation {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** `JSON.parse`'s message without its position, and that position (Node 20: "at position N"). */
function v8Position(message: string): { problem: string; offset: number } | undefined {
  const match = /(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  if (!match) return undefined;
  return { problem: message.slice(0, match.index), offset: Number(match[1]) };
}

/**
 * Reads `text` as JSON. `JSON.parse` decides what is valid and says where it stopped when it
 * gives a position; where it gives none ("Unexpected token", "Unexpected end of JSON input"),
 * this module's own scan finds the place. A key written twice in one object is refused.
 * @throws JsonSourceError naming the offset and the problem
 */
export function readJsonSource(text: string): JsonSource {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const given = v8Position((error as Error).message);
    if (given) {
      const problem = given.problem.charAt(0).toLowerCase() + given.problem.slice(1);
      throw new JsonSourceError(given.offset, problem);
    }
    scanJson(text);
    // The scan found nothing JSON.parse refused (never expected): at least say what it said.
    throw new JsonSourceError(text.length, (error as Error).message);
  }
  return { value, keys: scanJson(text) };
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * The offsets of the keys and array elements of `text`, by JSON pointer, read by this module's
 * own scan (no `JSON.parse`): it stops where `JSON.parse` would, and at a key written twice.
 * @throws JsonSourceError
 */
export function scanJson(text: string): Map<string, number> {
  const scanner = new Scanner(text);
  scanner.value('');
  scanner.space();
  if (scanner.pos < text.length) scanner.fail('the end of the file after the JSON value');
  return scanner.keys;
}

/** A recursive descent over a JSON text that records keys and stops at the first problem. */
class Scanner {
  pos = 0;
  readonly keys = new Map<string, number>();

  constructor(readonly text: string) {}

  fail(expected: string): never {
    const found = this.text[this.pos];
    throw new JsonSourceError(
      this.pos,
      found === undefined
        ? `the file ends where ${expected} was expected`
        : `expected ${expected}, not ${JSON.stringify(found)}`,
    );
  }

  space(): void {
    while (WHITESPACE.has(this.text[this.pos] ?? '')) this.pos += 1;
  }

  value(pointer: string): void {
    this.space();
    const c = this.text[this.pos];
    if (c === '{') this.object(pointer);
    else if (c === '[') this.array(pointer);
    else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else if (c === 't') this.literal('true');
    else if (c === 'f') this.literal('false');
    else if (c === 'n') this.literal('null');
    else this.fail('a value');
  }

  private object(pointer: string): void {
    this.pos += 1;
    const seen = new Map<string, number>();
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos += 1;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') this.fail('a property name in double quotes');
      const start = this.pos;
      const key = this.string();
      const first = seen.get(key);
      if (first !== undefined) {
        const { line } = locate(this.text, first);
        throw new JsonSourceError(
          start,
          `the key ${JSON.stringify(key)} is written twice in one object (first on line ${line}); only one would count`,
        );
      }
      seen.set(key, start);
      const child = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      this.keys.set(child, start);
      this.space();
      if (this.text[this.pos] !== ':') this.fail("':' after the property name");
      this.pos += 1;
      this.value(child);
      if (this.after('}', "',' or '}' after the property value")) return;
    }
  }

  private array(pointer: string): void {
    this.pos += 1;
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos += 1;
      return;
    }
    for (let index = 0; ; index += 1) {
      this.space();
      this.keys.set(`${pointer}/${index}`, this.pos);
      this.value(`${pointer}/${index}`);
      if (this.after(']', "',' or ']' after the array element")) return;
    }
  }

  /** After a member: true at the closing `end`, false after a comma. */
  private after(end: string, expected: string): boolean {
    this.space();
    const c = this.text[this.pos];
    if (c !== ',' && c !== end) this.fail(expected);
    this.pos += 1;
    return c === end;
  }

  private string(): string {
    const start = this.pos;
    this.pos += 1;
    for (let c = this.text[this.pos]; c !== '"'; c = this.text[this.pos]) {
      if (c === undefined) this.fail("'\"' to close the string");
      if (c < ' ') this.fail('no control character in a string (write it escaped, such as \\n)');
      if (c === '\\') this.escape();
      else this.pos += 1;
    }
    this.pos += 1;
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }

  /** Past the escape at `pos` (a backslash and what follows it). */
  private escape(): void {
    this.pos += 1;
    const next = this.text[this.pos] ?? '';
    if (next !== 'u') {
      if (!ESCAPES.has(next)) this.fail('an escape such as \\n, \\" or \\u00e9');
      this.pos += 1;
      return;
    }
    this.pos += 1;
    for (let i = 0; i < 4; i += 1) {
      if (!/[0-9a-fA-F]/.test(this.text[this.pos] ?? ''))
        this.fail('4 hexadecimal digits after \\u');
      this.pos += 1;
    }
  }

  private number(): void {
    if (this.text[this.pos] === '-') this.pos += 1;
    if (this.text[this.pos] === '0') this.pos += 1;
    else this.digits('a digit');
    if (this.text[this.pos] === '.') {
      this.pos += 1;
      this.digits('a digit after the decimal point');
    }
    if (this.text[this.pos] === 'e' || this.text[this.pos] === 'E') {
      this.pos += 1;
      if (this.text[this.pos] === '+' || this.text[this.pos] === '-') this.pos += 1;
      this.digits('a digit in the exponent');
    }
  }

  /** One digit or more. */
  private digits(expected: string): void {
    const start = this.pos;
    while (/[0-9]/.test(this.text[this.pos] ?? '')) this.pos += 1;
    if (this.pos === start) this.fail(expected);
  }

  private literal(word: string): void {
    for (const c of word) {
      if (this.text[this.pos] !== c) this.fail(word);
      this.pos += 1;
    }
  }
}

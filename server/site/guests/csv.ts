/**
 * The small part of CSV (RFC 4180) a guest list needs: comma-separated fields,
 * double-quoted fields that may hold commas, quotes (`""`) and line breaks,
 * `\n` or `\r\n` line ends. Blank lines are skipped; every row keeps the line
 * number it starts on, so problems can be reported where a person will look.
 */

/** One row of a CSV file. */
export interface CsvRow {
  /** The 1-based line the row starts on. */
  line: number;
  /** The fields, unquoted, with surrounding spaces of unquoted fields trimmed. */
  fields: string[];
}

/** The file cannot be read as CSV (an unterminated quoted field). */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CsvError';
  }
}

/**
 * Splits CSV text into rows. A leading byte-order mark is ignored.
 * @throws CsvError when a quoted field never ends.
 */
export function parseCsv(text: string): CsvRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const reader = new CsvReader(input);
  for (let i = 0; i < input.length; i++) i = reader.read(i);
  return reader.finish();
}

/** The state of one `parseCsv` pass: the rows so far, and the row and field being read. */
class CsvReader {
  readonly #input: string;
  readonly #rows: CsvRow[] = [];
  #fields: string[] = [];
  #field = '';
  #quoted = false;
  /** Whether some field of the row was quoted (so `""` alone is not a blank line). */
  #quotedRow = false;
  #inQuotes = false;
  #line = 1;
  #rowLine = 1;

  constructor(input: string) {
    this.#input = input;
  }

  /** Reads the character at `i`; returns the index of the last character it used. */
  read(i: number): number {
    return this.#inQuotes ? this.#readQuoted(i) : this.#readPlain(i);
  }

  /** The rows, once every character is read. */
  finish(): CsvRow[] {
    if (this.#inQuotes) throw new CsvError(this.#rowLine, 'a quoted field is never closed');
    if (this.#field !== '' || this.#quoted || this.#fields.length > 0) this.#endRow();
    return this.#rows;
  }

  /** A character inside a quoted field: `""` is a quote, a lone `"` ends the field. */
  #readQuoted(i: number): number {
    const char = this.#input[i];
    if (char !== '"') {
      if (char === '\n') this.#line++;
      this.#field += char;
      return i;
    }
    if (this.#input[i + 1] === '"') {
      this.#field += '"';
      return i + 1;
    }
    this.#inQuotes = false;
    return i;
  }

  /** A character outside quotes: a field's text, a comma, a line end or an opening quote. */
  #readPlain(i: number): number {
    const char = this.#input[i];
    if (char === '"' && this.#field.trim() === '' && !this.#quoted) {
      // A quoted field; spaces before the opening quote are dropped.
      this.#field = '';
      this.#quoted = true;
      this.#quotedRow = true;
      this.#inQuotes = true;
    } else if (char === ',') {
      this.#endField();
    } else if (char === '\n' || char === '\r') {
      return this.#endLine(i);
    } else if (this.#quoted) {
      // Text after a closing quote (`"a" b`) is kept, as most spreadsheets do, minus spaces.
      if (char !== ' ' && char !== '\t') this.#field += char;
    } else {
      this.#field += char;
    }
    return i;
  }

  /** A line end (`\n`, `\r` or `\r\n`) outside quotes: the row ends. */
  #endLine(i: number): number {
    const last = this.#input[i] === '\r' && this.#input[i + 1] === '\n' ? i + 1 : i;
    this.#endRow();
    this.#line++;
    this.#rowLine = this.#line;
    return last;
  }

  #endField(): void {
    this.#fields.push(this.#quoted ? this.#field : this.#field.trim());
    this.#field = '';
    this.#quoted = false;
  }

  #endRow(): void {
    this.#endField();
    const blank = this.#fields.length === 1 && this.#fields[0] === '' && !this.#quotedRow;
    if (!blank) this.#rows.push({ line: this.#rowLine, fields: this.#fields });
    this.#fields = [];
    this.#quotedRow = false;
  }
}

/** A cell a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, which a spreadsheet reads as a number and runs nothing. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One cell of a CSV file: quoted when it holds a comma, a quote or a line break, and, when a
 * spreadsheet would take it for a formula (text a guest wrote, say), led by `'` so it stays text.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text (RFC 4180: `\r\n` line ends, the last line ended too). */
export function formatCsv(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

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
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  /** Whether some field of the row was quoted (so `""` alone is not a blank line). */
  let quotedRow = false;
  let inQuotes = false;
  let line = 1;
  let rowLine = 1;

  const endField = () => {
    fields.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  const endRow = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && !quotedRow;
    if (!blank) rows.push({ line: rowLine, fields });
    fields = [];
    quotedRow = false;
  };

  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (inQuotes) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field.trim() === '' && !quoted) {
      // A quoted field; spaces before the opening quote are dropped.
      field = '';
      quoted = true;
      quotedRow = true;
      inQuotes = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else if (quoted) {
      // Text after a closing quote (`"a" b`) is kept, as most spreadsheets do, minus spaces.
      if (char !== ' ' && char !== '\t') field += char;
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new CsvError(rowLine, 'a quoted field is never closed');
  if (field !== '' || quoted || fields.length > 0) endRow();
  return rows;
}

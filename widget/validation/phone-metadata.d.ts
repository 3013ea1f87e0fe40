/**
 * The virtual module of phone-number metadata by calling code, made at build time from
 * libphonenumber-js's by `scripts/phone-metadata.mjs` (Vite and web-test-runner plugins).
 */
declare module 'velvet:phone-metadata' {
  /** A number type's national pattern and, when they differ from its country's, its lengths. */
  export type NumberTypePattern = readonly [pattern: string, possibleLengths?: readonly number[]];

  /**
   * A national format: the pattern of the whole national number, the format of its groups
   * (`'($1) $2-$3'`), the leading digits it applies to, and the rule that writes the national
   * prefix into its first group (`'0$1'`), `0` when it has none of its own.
   */
  export type NumberFormat = readonly [
    pattern: string,
    format: string,
    leadingDigits: string | 0,
    nationalPrefixFormattingRule: string | 0,
  ];

  /** One country's numbering plan, as libphonenumber's metadata describes it; `0` when absent. */
  export type NumberingPlan = readonly [
    /** ISO 3166-1 alpha-2, e.g. `'GB'`. */
    country: string,
    callingCode: string,
    /** A pattern of the prefixes that dial abroad from the country (`'011'`, `'00'`). */
    iddPrefix: string | 0,
    /** What every national number of the country matches. */
    nationalNumberPattern: string,
    /** The lengths of its national numbers, shortest first. */
    possibleLengths: readonly number[] | 0,
    /** A pattern of the national prefix (and carrier codes) to strip from national input. */
    nationalPrefixForParsing: string | 0,
    /** What replaces the match of `nationalPrefixForParsing` when it captured a group. */
    nationalPrefixTransformRule: string | 0,
    /** The leading digits that tell the country's numbers apart under a shared calling code. */
    leadingDigits: string | 0,
    /** The patterns of its number types; `0` when it has none (its pattern then decides). */
    types: readonly NumberTypePattern[] | 0,
    /** Its national formats; `0` to use those of its calling code's main country. */
    formats: readonly NumberFormat[] | 0,
    nationalPrefixFormattingRule: string | 0,
  ];

  /**
   * Loads one calling code's numbering plans (`'1'`, `'44'`), its main country first. Only
   * calling codes of countries exist: another code resolves `undefined` (dev server, tests) or
   * rejects (a build).
   */
  export function loadCallingCode(code: string): Promise<readonly NumberingPlan[] | undefined>;
}

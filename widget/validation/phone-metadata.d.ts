/**
 * The virtual module of libphonenumber-js's metadata by calling code, made at build time by
 * `scripts/phone-metadata.mjs` (Vite and web-test-runner plugins).
 */
declare module 'velvet:phone-metadata' {
  /** One calling code's countries, in libphonenumber-js's compact metadata form. */
  export interface CallingCodeMetadata {
    /** The code's countries (ISO 3166-1 alpha-2), its main country first. */
    readonly codes: readonly string[];
    /** Each country's metadata, as in `libphonenumber-js/metadata.min.json`. */
    readonly countries: Readonly<Record<string, unknown>>;
  }
  /** The metadata format's version. */
  export const version: number;
  /** Loads one calling code's metadata (`'1'`, `'44'`); `undefined` for an unknown code. */
  export function loadCallingCode(code: string): Promise<CallingCodeMetadata | undefined>;
}

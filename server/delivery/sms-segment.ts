/**
 * SMS segment arithmetic: how much text fits in one SMS. A text made only of
 * GSM 03.38 characters travels as GSM-7 (160 septets per single segment, the
 * extension characters taking two); anything else forces UCS-2 (70 UTF-16
 * code units).
 */

/** The GSM 03.38 basic character set (the escape character left out). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** The GSM 03.38 extension table: each costs an escape plus itself, two septets. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** Single-segment capacity of GSM-7, in septets. */
export const GSM7_SEGMENT_LIMIT = 160;

/** Single-segment capacity of UCS-2, in UTF-16 code units. */
export const UCS2_SEGMENT_LIMIT = 70;

/** The encoding a text needs and its length in that encoding's units. */
export interface SmsLength {
  readonly encoding: 'gsm7' | 'ucs2';
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  readonly units: number;
}

/** Measures `text` as a phone network would encode it. */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) septets += 1;
    else if (GSM7_EXTENSION.has(char)) septets += 2;
    else return { encoding: 'ucs2', units: text.length };
  }
  return { encoding: 'gsm7', units: septets };
}

/** True when `text` travels as a single SMS segment. */
export function fitsOneSmsSegment(text: string): boolean {
  const { encoding, units } = smsLength(text);
  return units <= (encoding === 'gsm7' ? GSM7_SEGMENT_LIMIT : UCS2_SEGMENT_LIMIT);
}

/**
 * `text` with each letter outside GSM-7 replaced by its base letter when that one is in it
 * (`ó` → `o`, `í` → `i`, `ç` → `c`; `é`, `ñ`, `ü` and `Ç` are GSM-7 already and stay), as SMS
 * gateways do to keep a text in one GSM-7 segment. Other characters (emoji, non-Latin scripts)
 * are left as they are, so the text may still need UCS-2.
 */
export function foldToGsm7(text: string): string {
  let folded = '';
  for (const char of text) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char)) {
      folded += char;
      continue;
    }
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    folded += base !== '' && Array.from(base).every((part) => GSM7_BASIC.has(part)) ? base : char;
  }
  return folded;
}

/**
 * Every country a phone number can belong to, with its international calling code, and the
 * options of the phone form's country select. A small literal table on purpose: it ships in the
 * widget's first download, while the phone-number parser (`phone-parser.ts`) is a lazy chunk.
 *
 * The table holds every region libphonenumber-js knows (all ISO 3166-1 countries with a numbering
 * plan of their own, plus Kosovo `XK`, Ascension `AC` and Tristan da Cunha `TA`); the five ISO
 * entries without phone numbers of their own (AQ, BV, HM, TF, UM) are left out, since no number
 * there could pass validation. `dial-codes.test.ts` checks it against libphonenumber-js.
 */

/** A digit, or the line break between the table's rows. */
type Skipped = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '\n';

/** `Text` without its leading digits and line breaks. */
type WithoutDigits<Text extends string> = Text extends `${Skipped}${infer Rest}`
  ? WithoutDigits<Rest>
  : Text;

/** The country codes of a table such as {@link TABLE}: each pair of letters in it. */
type CountriesOf<
  Table extends string,
  Found extends string = never,
> = Table extends `${infer First}${infer Second}${infer Rest}`
  ? CountriesOf<WithoutDigits<Rest>, Found | `${First}${Second}`>
  : Found;

/**
 * The table as one string, each country's ISO code followed by its calling code (`AC247AD376…`):
 * 0.7 KB gzip in the first download, where the same table as an object literal took 1 KB.
 */
const TABLE =
  `AC247AD376AE971AF93AG1AI1AL355AM374AO244AR54AS1AT43AU61AW297AX358AZ994BA387BB1BD880BE32BF226
BG359BH973BI257BJ229BL590BM1BN673BO591BQ599BR55BS1BT975BW267BY375BZ501CA1CC61CD243CF236CG242CH41
CI225CK682CL56CM237CN86CO57CR506CU53CV238CW599CX61CY357CZ420DE49DJ253DK45DM1DO1DZ213EC593EE372
EG20EH212ER291ES34ET251FI358FJ679FK500FM691FO298FR33GA241GB44GD1GE995GF594GG44GH233GI350GL299
GM220GN224GP590GQ240GR30GT502GU1GW245GY592HK852HN504HR385HT509HU36ID62IE353IL972IM44IN91IO246
IQ964IR98IS354IT39JE44JM1JO962JP81KE254KG996KH855KI686KM269KN1KP850KR82KW965KY1KZ7LA856LB961LC1
LI423LK94LR231LS266LT370LU352LV371LY218MA212MC377MD373ME382MF590MG261MH692MK389ML223MM95MN976
MO853MP1MQ596MR222MS1MT356MU230MV960MW265MX52MY60MZ258NA264NC687NE227NF672NG234NI505NL31NO47
NP977NR674NU683NZ64OM968PA507PE51PF689PG675PH63PK92PL48PM508PR1PS970PT351PW680PY595QA974RE262
RO40RS381RU7RW250SA966SB677SC248SD249SE46SG65SH290SI386SJ47SK421SL232SM378SN221SO252SR597SS211
ST239SV503SX1SY963SZ268TA290TC1TD235TG228TH66TJ992TK690TL670TM993TN216TO676TR90TT1TV688TW886
TZ255UA380UG256US1UY598UZ998VA39VC1VE58VG1VI1VN84VU678WF681WS685XK383YE967YT262ZA27ZM260ZW263` as const;

/** A country in {@link DIAL_CODES}: an ISO 3166-1 alpha-2 code such as `'US'`. */
export type CountryCode = CountriesOf<typeof TABLE>;

/** ISO 3166-1 alpha-2 code → international calling code, without the `+`. */
export const DIAL_CODES = Object.fromEntries(
  Array.from(TABLE.matchAll(/([A-Z]{2})(\d+)/g), ([, country, code]) => [country, code]),
) as Readonly<Record<CountryCode, string>>;

/** The country the phone form starts on (spec section 5). */
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** One option of the country select. */
export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, e.g. `'GB'`. */
  readonly country: CountryCode;
  /** Calling code without the `+`, e.g. `'44'`. */
  readonly dialCode: string;
  /** What the option shows: `'+44 United Kingdom'`. */
  readonly label: string;
}

/** Whether `value` is a country of {@link DIAL_CODES}. */
export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(DIAL_CODES, value);
}

/** The calling code of `country` without the `+` (`'1'` for `'US'`). */
export function dialCodeOf(country: CountryCode): string {
  return DIAL_CODES[country];
}

const optionsByLocale = new Map<string, readonly CountryOption[]>();

/** Names regions in `locale`, or returns `undefined` when the browser cannot. */
function regionNamer(locale: string): ((country: string) => string | undefined) | undefined {
  if (typeof Intl === 'undefined' || typeof Intl.DisplayNames !== 'function') return undefined;
  for (const candidate of [locale, 'en']) {
    try {
      const names = new Intl.DisplayNames([candidate], { type: 'region', fallback: 'none' });
      return (country) => names.of(country);
    } catch {
      // An invalid locale tag: try English, then give up and show the codes.
    }
  }
  return undefined;
}

/** `'GB'` → `'United Kingdom'` in `locale` (the code when the browser cannot name it). */
export function countryName(country: string, locale = 'en'): string {
  return regionNamer(locale)?.(country) || country;
}

/**
 * The country select's options for `locale`: every country of {@link DIAL_CODES}, labelled
 * `'+1 United States'` with the name from `Intl.DisplayNames` (the ISO code when the browser
 * has no name), sorted by name in that locale, with the United States first.
 */
export function countryOptions(locale = 'en'): CountryOption[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    const nameOf = regionNamer(locale);
    const named = (Object.keys(DIAL_CODES) as CountryCode[]).map((country) => ({
      country,
      dialCode: DIAL_CODES[country],
      name: nameOf?.(country) || country,
    }));
    let collator: Intl.Collator;
    try {
      collator = new Intl.Collator(locale);
    } catch {
      collator = new Intl.Collator('en');
    }
    named.sort((a, b) => {
      if (a.country === DEFAULT_COUNTRY || b.country === DEFAULT_COUNTRY) {
        return a.country === DEFAULT_COUNTRY ? -1 : 1;
      }
      return collator.compare(a.name, b.name);
    });
    options = named.map(({ country, dialCode, name }) => ({
      country,
      dialCode,
      label: `+${dialCode} ${name}`,
    }));
    optionsByLocale.set(locale, options);
  }
  return [...options];
}

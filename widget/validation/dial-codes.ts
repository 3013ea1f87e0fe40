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
type CountriesOf<Table extends string, Found extends string = never> =
  WithoutDigits<Table> extends `${infer First}${infer Second}${infer Rest}`
    ? CountriesOf<Rest, Found | `${First}${Second}`>
    : Found;

/**
 * The table as one string, by calling code: the ISO codes of the countries that share a calling
 * code, then that code (`…USVCVGVI1KZRU7EG20…`), the codes in ascending order. As an object
 * literal the table took 1 KB gzip in the first download; as one string, country by country
 * (`AC247AD376…`), 0.7 KB; by calling code, each code written once, 41 B less again.
 */
const TABLE =
  `AGAIASBBBMBSCADMDOGDGUJMKNKYLCMPMSPRSXTCTTUSVCVGVI1KZRU7EG20ZA27GR30NL31BE32FR33ES34HU36ITVA39
RO40CH41AT43GBGGIMJE44DK45SE46NOSJ47PL48DE49PE51MX52CU53AR54BR55CL56CO57VE58MY60AUCCCX61ID62PH63
NZ64SG65TH66JP81KR82VN84CN86TR90IN91PK92AF93LK94MM95IR98SS211EHMA212DZ213TN216LY218GM220SN221
MR222ML223GN224CI225BF226NE227TG228BJ229MU230LR231SL232GH233NG234TD235CF236CM237CV238ST239GQ240
GA241CG242CD243AO244GW245IO246AC247SC248SD249RW250ET251SO252DJ253KE254TZ255UG256BI257MZ258ZM260
MG261REYT262ZW263NA264MW265LS266BW267SZ268KM269SHTA290ER291AW297FO298GL299GI350PT351LU352IE353
IS354AL355MT356CY357AXFI358BG359LT370LV371EE372MD373AM374BY375AD376MC377SM378UA380RS381ME382XK383
HR385SI386BA387MK389CZ420SK421LI423FK500BZ501GT502SV503HN504NI505CR506PA507PM508HT509BLGPMF590
BO591GY592EC593GF594PY595MQ596SR597UY598BQCW599TL670NF672BN673NR674PG675TO676SB677VU678FJ679PW680
WF681CK682NU683WS685KI686NC687TV688PF689TK690FM691MH692KP850HK852MO853KH855LA856BD880TW886MV960
LB961JO962SY963IQ964KW965SA966YE967OM968PS970AE971IL972BH973QA974BT975MN976NP977TJ992TM993AZ994
GE995KG996UZ998` as const;

/** A country in {@link DIAL_CODES}: an ISO 3166-1 alpha-2 code such as `'US'`. */
export type CountryCode = CountriesOf<typeof TABLE>;

/** ISO 3166-1 alpha-2 code → international calling code, without the `+`. */
export const DIAL_CODES = Object.fromEntries(
  Array.from(TABLE.matchAll(/([A-Z]{2})(?=[A-Z]*(\d+))/g), ([, country, code]) => [country, code]),
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

/** Whether {@link countryOptions} for `locale` answers at once (it named the countries before). */
export function countryOptionsNamed(locale = 'en'): boolean {
  return optionsByLocale.has(locale);
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

/**
 * Every English text of the catalogues (the core's, each product's, the identity provider's), as
 * it looks on screen, for the locale leak tests: those whose translation differs, and the English
 * the fake server answers with.
 */
import { cryptoStrings } from '../../products/crypto/crypto-strings.js';
import { IDP_STRINGS_EN, type IdpStrings } from '../../products/idp/idp-strings.js';
import { magicLinkEn } from '../../products/magic-links/magic-links.strings.js';
import { oauthStrings } from '../../products/oauth/oauth-strings.js';
import { type OneTapStrings, oneTapStrings } from '../../products/one-tap/one-tap-strings.js';
import { passcodeEn } from '../../products/otp/passcode-strings.js';
import { passkeysEn } from '../../products/passkeys/passkey-strings.js';
import { passwordEn } from '../../products/passwords/password-strings.js';
import type { LocaleCatalogue } from '../catalogue.js';
import { en } from '../en.js';
import es from '../es.js';
import fr from '../fr.js';
import idpEs from '../idp-es.js';
import idpFr from '../idp-fr.js';
import oneTapEs from '../one-tap-es.js';
import oneTapFr from '../one-tap-fr.js';
import { SERVER_ENGLISH } from './screen-tour.js';

/**
 * English texts a translated screen may show, each with why. (A text whose translation is the
 * same, such as 'WhatsApp' or the placeholder's number, is never counted as English.)
 */
const ALLOWED: Readonly<Record<string, string>> = {};

/** A text with values (`{index}`, or a function's arguments) as a pattern of its fixed words. */
function pattern(parts: readonly string[]): RegExp | undefined {
  const fixed = parts.join('').replace(/[^\p{L}]/gu, '');
  if (fixed.length === 0) return undefined;
  const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+')}$`, 'u');
}

const MARK = '\u0001';
type Text = string | ((...args: never[]) => string);

/** An English text and how to tell it on screen. */
export interface EnglishText {
  readonly key: string;
  matches(text: string): boolean;
}

/** `fn` called with `args`; '' when it is not a function. */
function call(fn: Text | undefined, args: unknown[]): string {
  return typeof fn === 'function' ? String((fn as (...a: unknown[]) => unknown)(...args)) : '';
}

/** A text (with `{value}` placeholders, or none), where it differs from its translation. */
function plainText(key: string, english: string, translated: string): EnglishText[] {
  // A text without a letter (a number) is no language's.
  if (english === translated || !/\p{L}/u.test(english)) return [];
  if (!/\{\w+\}/.test(english)) return [{ key, matches: (t) => t === english }];
  const regex = pattern(english.split(/\{\w+\}/));
  return regex ? [{ key, matches: (t) => regex.test(t) }] : [];
}

/** A text with values: the fixed words around words, and each small number's text. */
function textWithValues(key: string, english: Text, translated: Text | undefined): EnglishText[] {
  const arity = Math.max(typeof english === 'function' ? english.length : 0, 1);
  const marks = Array.from({ length: arity }, (_, i) => `${MARK}${i}${MARK}`);
  const withMarks = call(english, marks);
  const found: EnglishText[] = [];
  if (withMarks !== call(translated, marks) && withMarks.includes(MARK)) {
    const regex = pattern(withMarks.split(new RegExp(`${MARK}\\d+${MARK}`)));
    if (regex) found.push({ key, matches: (t) => regex.test(t) });
  }
  for (let n = 0; n <= 12; n += 1) {
    const numbers = Array.from({ length: arity }, () => n);
    found.push(...plainText(key, call(english, numbers), call(translated, numbers)));
  }
  return found;
}

/** A language's texts: the catalogue, and the One Tap and identity provider's own files. */
export interface Translation {
  readonly catalogue: LocaleCatalogue;
  readonly oneTap: OneTapStrings;
  readonly idp: IdpStrings;
}

/** The translations, by locale. */
export const TRANSLATIONS = {
  es: { catalogue: es, oneTap: oneTapEs, idp: idpEs },
  fr: { catalogue: fr, oneTap: oneTapFr, idp: idpFr },
} as const satisfies Record<string, Translation>;

/** What each English text looks like on screen, where the locale's text differs from it. */
export function englishMatchers({ catalogue, oneTap, idp }: Translation): EnglishText[] {
  const pairs: Array<[Record<string, Text>, Record<string, Text>]> = [
    [en, catalogue.core],
    [passcodeEn, catalogue.passcodes],
    [magicLinkEn, catalogue.magicLinks],
    [passwordEn, catalogue.passwords],
    [passkeysEn, catalogue.passkeys],
    [cryptoStrings, catalogue.crypto],
    [oauthStrings, catalogue.oauth],
    [oneTapStrings, oneTap],
    [IDP_STRINGS_EN, idp],
  ];
  const matchers = pairs.flatMap(([english, translated]) =>
    Object.entries(english).flatMap(([key, text]) =>
      typeof text === 'string'
        ? plainText(key, text, String(translated[key]))
        : textWithValues(key, text, translated[key]),
    ),
  );
  for (const english of SERVER_ENGLISH) {
    matchers.push({ key: 'server', matches: (t) => t === english });
  }
  return matchers;
}

/** The texts of `texts` that are English, as `"text" (key)`. */
export function englishIn(
  texts: Iterable<string>,
  matchers: ReturnType<typeof englishMatchers>,
): string[] {
  const found: string[] = [];
  for (const text of texts) {
    if (Object.hasOwn(ALLOWED, text)) continue;
    const matcher = matchers.find((candidate) => candidate.matches(text));
    if (matcher) found.push(`"${text}" (${matcher.key})`);
  }
  return found;
}

/**
 * The Locale setting's choices: the locales the widget has a text catalogue for
 * (`AVAILABLE_LOCALES`), so a language is offered only once the widget speaks it, each named in
 * English by the browser (`Intl.DisplayNames`).
 */
import { AVAILABLE_LOCALES, hasCatalogue } from '../widget/strings/locales.js';
import type { Choice } from './controls.js';

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** The English name of `locale`, or `locale` itself when it is no language tag. */
function nameOf(locale: string): string {
  try {
    return names.of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** `fr` → `French (fr)`. */
function labelOf(locale: string): string {
  return `${nameOf(locale)} (${locale})`;
}

/**
 * The locales to offer: every one with a catalogue, plus `current` when a shared link configured
 * another (`en-GB`, or one without a catalogue, labelled so), so the select shows what the widget
 * is given.
 */
export function localeChoices(current: string): readonly Choice[] {
  const choices = AVAILABLE_LOCALES.map((locale) => ({ value: locale, label: labelOf(locale) }));
  if (AVAILABLE_LOCALES.includes(current)) return choices;
  const label = hasCatalogue(current) ? labelOf(current) : `${labelOf(current)}: no translation`;
  return [...choices, { value: current, label }];
}

/** What the Locale setting says of itself. */
export const LOCALE_HINT = `The widget’s texts are in ${new Intl.ListFormat('en', {
  type: 'disjunction',
}).format(
  AVAILABLE_LOCALES.map(nameOf),
)} (a page may change any of them with the strings property); the country names of the phone form follow the locale.`;

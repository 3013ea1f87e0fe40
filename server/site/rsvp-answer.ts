/**
 * The check of a guest's RSVP before anything is written: the body must be exactly
 * `{attending, party_size, note}`, coming with 1 to `maxPartySize` people or not coming with 0,
 * and a note of at most `noteMaxLength` characters without control characters (line breaks and
 * tabs allowed). The note is kept as text: the page renders it as text, never as HTML.
 */
import type { RsvpSettings } from './rsvp-settings.js';

/** A valid answer, ready to store. */
export interface ValidRsvp {
  attending: boolean;
  partySize: number;
  note: string;
}

/** What `readRsvpAnswer` found: the answer, or the reason it is refused (for the guest). */
export type RsvpCheck = { ok: true; answer: ValidRsvp } | { ok: false; message: string };

const FIELDS = new Set(['attending', 'party_size', 'note']);

/** Control characters other than tab and line feed (a carriage return is folded first). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Reads `body` against the hosts' `settings`. */
export function readRsvpAnswer(body: unknown, settings: RsvpSettings): RsvpCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The answer must be a JSON object.' };
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !FIELDS.has(key));
  if (unknown !== undefined) return { ok: false, message: 'The answer has an unknown field.' };
  const { attending, party_size: partySize, note = '' } = fields;
  if (typeof attending !== 'boolean') {
    return { ok: false, message: 'Say whether you are coming.' };
  }
  if (typeof partySize !== 'number' || !Number.isInteger(partySize)) {
    return { ok: false, message: 'The number of people must be a whole number.' };
  }
  if (attending && (partySize < 1 || partySize > settings.maxPartySize)) {
    return {
      ok: false,
      message: `Choose between 1 and ${settings.maxPartySize} people, you included.`,
    };
  }
  if (!attending && partySize !== 0) {
    return { ok: false, message: 'Not coming is 0 people.' };
  }
  if (typeof note !== 'string') return { ok: false, message: 'The note must be text.' };
  const text = note.replace(/\r\n?/g, '\n').trim();
  if ([...text].length > settings.noteMaxLength) {
    return {
      ok: false,
      message: `The note can be at most ${settings.noteMaxLength} characters long.`,
    };
  }
  if (CONTROL.test(text)) {
    return { ok: false, message: 'The note holds characters that cannot be shown.' };
  }
  return { ok: true, answer: { attending, partySize, note: text } };
}

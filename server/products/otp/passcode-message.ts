/**
 * The words of a passcode message, per channel: a short SMS ending with the
 * origin-bound one-time-code line (WebOTP, Apple's security-code autofill), a
 * WhatsApp text, and an email whose subject never shows the code; in the
 * request's language (`passcode-texts.ts`).
 */

import type { Channel } from '../../delivery/delivery.js';
import { durationText, type MessageLocale } from '../../delivery/message-locale.js';
import { fitsOneSmsSegment, foldToGsm7 } from '../../delivery/sms-segment.js';
import { escapeHtml } from '../../http/escape-html.js';
import { type PasscodeTexts, passcodeTexts } from './passcode-texts.js';

/** What a passcode message is built from. */
export interface PasscodeMessageInput {
  readonly channel: Channel;
  readonly code: string;
  /** Whole minutes until the code expires; a positive integer. */
  readonly expirationMinutes: number;
  /** The name the guest knows the site by, e.g. `Velvet`. */
  readonly projectName: string;
  /**
   * SMS only: the host the code is bound to, e.g. `example.com`. A port or a
   * scheme is stripped; the line `@example.com #123456` ends the SMS.
   */
  readonly originHost?: string;
  /** The language of the message; English when absent. */
  readonly locale?: MessageLocale;
}

/** The text of a passcode message; `subject` and `html` for email only. */
export interface PasscodeMessage {
  readonly text: string;
  readonly subject?: string;
  readonly html?: string;
}

/** A truncated project name is never cut shorter than this many characters. */
const MIN_SMS_PROJECT_NAME = 8;

/** Builds the message that carries `code` on `input.channel`, in `input.locale`. */
export function passcodeMessage(input: PasscodeMessageInput): PasscodeMessage {
  const { channel, code } = input;
  const locale = input.locale ?? 'en';
  const texts = passcodeTexts[locale];
  const projectName = singleLine(input.projectName);
  const expiry = texts.expires(durationText(locale, input.expirationMinutes));
  const sentence = (name: string) => `${texts.code(name, code)} ${expiry}`;
  switch (channel) {
    case 'sms':
      return { text: smsText(projectName, code, sentence, input.originHost) };
    case 'whatsapp':
      return { text: sentence(projectName) };
    case 'email':
      return emailMessage(texts, locale, projectName, code, expiry);
  }
}

/**
 * The SMS text, in one segment when it can be: as written; else with the letters GSM-7 lacks
 * (`ó`, `í`, which force UCS-2 and its 70 characters) replaced by their base letters, which
 * keeps GSM-7's 160; else with the project name shortened as well, never below
 * `MIN_SMS_PROJECT_NAME` characters. The name is cut only when the accents were not enough,
 * since the name is what tells the guest who is writing.
 */
function smsText(
  projectName: string,
  code: string,
  sentence: (name: string) => string,
  originHost?: string,
): string {
  const originLine = originHost === undefined ? '' : `\n\n@${bareHost(originHost)} #${code}`;
  const build = (name: string) => sentence(name) + originLine;
  const full = build(projectName);
  const chars = Array.from(projectName);
  for (
    let length = chars.length;
    length >= Math.min(chars.length, MIN_SMS_PROJECT_NAME);
    length--
  ) {
    const text = build(chars.slice(0, length).join('').trimEnd());
    if (fitsOneSmsSegment(text)) return text;
    const folded = foldToGsm7(text);
    if (fitsOneSmsSegment(folded)) return folded;
  }
  return full;
}

function emailMessage(
  texts: PasscodeTexts,
  locale: MessageLocale,
  projectName: string,
  code: string,
  expiry: string,
): PasscodeMessage {
  const subject = texts.emailSubject(projectName);
  const ignore = texts.emailIgnore;
  const intro = texts.emailIntro(projectName);
  const text = [intro, '', code, '', expiry, '', ignore, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${escapeHtml(intro)}</p>`,
    '<p style="font-family: monospace; font-size: 28px; font-weight: bold; ' +
      `letter-spacing: 0.2em;">${escapeHtml(code)}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p style="color: #555;">${escapeHtml(ignore)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}

/** The host name alone: no scheme, no port, no path, lower case. */
function bareHost(originHost: string): string {
  const candidate = originHost.includes('://') ? originHost : `https://${originHost}`;
  let hostname: string;
  try {
    hostname = new URL(candidate).hostname;
  } catch {
    throw new Error(`originHost is not a host name: ${JSON.stringify(originHost)}`);
  }
  if (hostname === '') throw new Error(`originHost is not a host name: ${originHost}`);
  return hostname;
}

/** Collapses line breaks and runs of spaces, so a name cannot add lines to a message. */
function singleLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

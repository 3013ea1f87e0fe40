/**
 * The words of a passcode message, per channel: a short SMS ending with the
 * origin-bound one-time-code line (WebOTP, Apple's security-code autofill), a
 * WhatsApp text, and an email whose subject never shows the code.
 */

import type { Channel } from '../../delivery/delivery.js';
import { fitsOneSmsSegment } from '../../delivery/sms-segment.js';
import { escapeHtml } from '../../http/escape-html.js';

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
}

/** The text of a passcode message; `subject` and `html` for email only. */
export interface PasscodeMessage {
  readonly text: string;
  readonly subject?: string;
  readonly html?: string;
}

/** A truncated project name is never cut shorter than this many characters. */
const MIN_SMS_PROJECT_NAME = 8;

/** Builds the message that carries `code` on `input.channel`. */
export function passcodeMessage(input: PasscodeMessageInput): PasscodeMessage {
  const { channel, code } = input;
  const projectName = singleLine(input.projectName);
  const expiry = expiresIn(input.expirationMinutes);
  switch (channel) {
    case 'sms':
      return { text: smsText(projectName, code, expiry, input.originHost) };
    case 'whatsapp':
      return { text: firstSentence(projectName, code, expiry) };
    case 'email':
      return emailMessage(projectName, code, expiry);
  }
}

function firstSentence(projectName: string, code: string, expiry: string): string {
  return `Your ${projectName} code is ${code}. ${expiry}`;
}

/**
 * The SMS text; when it would not fit one segment, the project name is
 * shortened (never below `MIN_SMS_PROJECT_NAME` characters) until it does.
 */
function smsText(projectName: string, code: string, expiry: string, originHost?: string): string {
  const originLine = originHost === undefined ? '' : `\n\n@${bareHost(originHost)} #${code}`;
  const build = (name: string) => firstSentence(name, code, expiry) + originLine;
  const full = build(projectName);
  if (fitsOneSmsSegment(full)) return full;
  const chars = Array.from(projectName);
  for (let length = chars.length - 1; length >= MIN_SMS_PROJECT_NAME; length--) {
    const shorter = build(chars.slice(0, length).join('').trimEnd());
    if (fitsOneSmsSegment(shorter)) return shorter;
  }
  return full;
}

function emailMessage(projectName: string, code: string, expiry: string): PasscodeMessage {
  const subject = `Your ${projectName} sign-in code`;
  const ignore = "If you didn't ask for this code, you can ignore this message.";
  const text = [`Your ${projectName} sign-in code is:`, '', code, '', expiry, '', ignore, ''].join(
    '\n',
  );
  const name = escapeHtml(projectName);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    `<title>Your ${name} sign-in code</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>Your ${name} sign-in code is:</p>`,
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

/** `It expires in 1 minute.` / `It expires in 10 minutes.` */
function expiresIn(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) {
    throw new RangeError(`expirationMinutes must be a positive integer, got ${minutes}`);
  }
  return `It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
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

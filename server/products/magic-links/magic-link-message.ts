/**
 * The magic-link email: a subject naming the project, a plain-text part and an HTML part with the
 * link as a button and as text, and when it expires. No images, no tracking pixels, no
 * third-party links: the only URL in the message is the sign-in link.
 */
import { escapeHtml } from '../../http/escape-html.js';

/** What the email is built from. */
export interface MagicLinkMessageInput {
  /** The name the guest knows the site by. */
  readonly projectName: string;
  /** The whole link: the redirect URL with `stytch_token_type=magic_links&token=…`. */
  readonly link: string;
  /** Whole minutes until the link expires. */
  readonly expirationMinutes: number;
  /** `signup` for a new (or unverified) address, `login` otherwise. */
  readonly kind: 'login' | 'signup';
}

/** The email's parts. */
export interface MagicLinkMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Builds the email that carries `input.link`. */
export function magicLinkMessage(input: MagicLinkMessageInput): MagicLinkMessage {
  const projectName = input.projectName.replace(/\s+/g, ' ').trim();
  const action = input.kind === 'signup' ? 'finish signing up for' : 'sign in to';
  const button = input.kind === 'signup' ? 'Finish signing up' : 'Sign in';
  const subject =
    input.kind === 'signup' ? `Finish signing up for ${projectName}` : `Sign in to ${projectName}`;
  const expiry = expiresIn(input.expirationMinutes);
  const once = 'The link works once.';
  const ignore =
    "If you didn't ask for this email, you can ignore it: nothing happens until the link is opened.";
  const text = [
    `Open this link to ${action} ${projectName}:`,
    '',
    input.link,
    '',
    `${expiry} ${once}`,
    '',
    ignore,
    '',
  ].join('\n');
  const name = escapeHtml(projectName);
  const href = escapeHtml(input.link);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; ' +
      'line-height: 1.5; color: #19303d; background: #ffffff;">',
    `<p>Open this link to ${escapeHtml(action)} ${name}:</p>`,
    `<p><a href="${href}" style="display: inline-block; padding: 12px 24px; border-radius: 4px; ` +
      `background: #19303d; color: #ffffff; text-decoration: none; font-weight: bold;">` +
      `${escapeHtml(button)}</a></p>`,
    `<p>${escapeHtml(expiry)} ${escapeHtml(once)}</p>`,
    '<p style="color: #5c727d; font-size: 14px;">If the button does not work, copy this address ' +
      `into your browser:<br><a href="${href}" style="color: #19303d; word-break: break-all;">${href}</a></p>`,
    `<p style="color: #5c727d; font-size: 14px;">${escapeHtml(ignore)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}

/** `It expires in 30 minutes.`, in hours or days when whole. */
function expiresIn(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) {
    throw new RangeError(`expirationMinutes must be a positive integer, got ${minutes}`);
  }
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const span =
    minutes % 1440 === 0
      ? unit(minutes / 1440, 'day')
      : minutes % 60 === 0
        ? unit(minutes / 60, 'hour')
        : unit(minutes, 'minute');
  return `It expires in ${span}.`;
}

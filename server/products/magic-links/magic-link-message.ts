/**
 * The magic-link email: a subject naming the project, a plain-text part and an HTML part with the
 * link as a button and as text, and when it expires. No images, no tracking pixels, no
 * third-party links: the only URL in the message is the sign-in link. In the request's language
 * (`magic-link-texts.ts`).
 */
import { durationText, type MessageLocale } from '../../delivery/message-locale.js';
import { escapeHtml } from '../../http/escape-html.js';
import { magicLinkTexts } from './magic-link-texts.js';

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
  /** The language of the email; English when absent. */
  readonly locale?: MessageLocale;
}

/** The email's parts. */
export interface MagicLinkMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Builds the email that carries `input.link`, in `input.locale`. */
export function magicLinkMessage(input: MagicLinkMessageInput): MagicLinkMessage {
  const locale = input.locale ?? 'en';
  const texts = magicLinkTexts[locale];
  const projectName = input.projectName.replace(/\s+/g, ' ').trim();
  const subject = texts.subject(input.kind, projectName);
  const intro = texts.intro(input.kind, projectName);
  const expiry = texts.expires(durationText(locale, input.expirationMinutes, 'day'));
  const text = [intro, '', input.link, '', `${expiry} ${texts.once}`, '', texts.ignore, ''].join(
    '\n',
  );
  const href = escapeHtml(input.link);
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; ' +
      'line-height: 1.5; color: #19303d; background: #ffffff;">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${href}" style="display: inline-block; padding: 12px 24px; border-radius: 4px; ` +
      `background: #19303d; color: #ffffff; text-decoration: none; font-weight: bold;">` +
      `${escapeHtml(texts.button(input.kind))}</a></p>`,
    `<p>${escapeHtml(expiry)} ${escapeHtml(texts.once)}</p>`,
    `<p style="color: #5c727d; font-size: 14px;">${escapeHtml(texts.copy)}<br>` +
      `<a href="${href}" style="color: #19303d; word-break: break-all;">${href}</a></p>`,
    `<p style="color: #5c727d; font-size: 14px;">${escapeHtml(texts.ignore)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}

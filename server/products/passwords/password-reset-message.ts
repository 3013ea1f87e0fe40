/**
 * The password reset email: subject, text and HTML, with the link and how long it lasts, and,
 * when the project has email magic links, a "Log in without password" link after it. In the
 * request's language (`password-reset-texts.ts`).
 */
import { durationText, type MessageLocale } from '../../delivery/message-locale.js';
import { escapeHtml } from '../../http/escape-html.js';
import { resetTexts } from './password-reset-texts.js';

/** What the reset email says. */
export interface ResetMessageInput {
  projectName: string;
  /** The link with `stytch_token_type=reset_password` and the token. */
  link: string;
  expirationMinutes: number;
  /** A magic link that signs in without a new password (`stytch_token_type=magic_links`). */
  loginLink?: string;
  /** The language of the email; English when absent. */
  locale?: MessageLocale;
}

/** The reset email. */
export function resetMessage(input: ResetMessageInput): {
  subject: string;
  text: string;
  html: string;
} {
  const locale = input.locale ?? 'en';
  const texts = resetTexts[locale];
  const lasts = durationText(locale, input.expirationMinutes, 'hour');
  const subject = texts.subject(input.projectName);
  const text = [
    texts.asked(input.projectName),
    '',
    texts.openWithin(lasts),
    input.link,
    ...(input.loginLink === undefined ? [] : ['', texts.orLogIn(lasts), input.loginLink]),
    '',
    texts.notYou,
  ].join('\n');
  const { before, words, after } = texts.logInLink;
  const loginLink =
    input.loginLink === undefined
      ? ''
      : `<p>${escapeHtml(before)}<a href="${escapeHtml(input.loginLink)}">${escapeHtml(words)}</a>` +
        `${escapeHtml(after)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body>',
    `<p>${escapeHtml(texts.asked(input.projectName))}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.chooseLink)}</a> ` +
      `${escapeHtml(texts.worksFor(lasts))}</p>` +
      loginLink +
      `<p>${escapeHtml(texts.notYou)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}

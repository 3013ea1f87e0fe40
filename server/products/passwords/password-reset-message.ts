/**
 * The password reset email: subject, text and HTML, with the link and how long it lasts, and,
 * when the project has email magic links, a "Log in without password" link after it.
 */
import { escapeHtml } from '../../http/escape-html.js';

/** What the reset email says. */
export interface ResetMessageInput {
  projectName: string;
  /** The link with `stytch_token_type=reset_password` and the token. */
  link: string;
  expirationMinutes: number;
  /** A magic link that signs in without a new password (`stytch_token_type=magic_links`). */
  loginLink?: string;
}

/** `60` → `1 hour`, `30` → `30 minutes`. */
function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The reset email. */
export function resetMessage(input: ResetMessageInput): {
  subject: string;
  text: string;
  html: string;
} {
  const lasts = duration(input.expirationMinutes);
  const subject = `Reset your ${input.projectName} password`;
  const text = [
    `Someone asked to set a new password for your ${input.projectName} account.`,
    '',
    `Open this link within ${lasts} to choose a new password:`,
    input.link,
    ...(input.loginLink === undefined
      ? []
      : [
          '',
          `Or log in without password (this link also works once, within ${lasts}):`,
          input.loginLink,
        ]),
    '',
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n');
  const loginLink =
    input.loginLink === undefined
      ? ''
      : `<p>Or <a href="${escapeHtml(input.loginLink)}">log in without password</a>.</p>`;
  const html =
    `<p>Someone asked to set a new password for your ${escapeHtml(input.projectName)} account.</p>` +
    `<p><a href="${escapeHtml(input.link)}">Choose a new password</a> (the link works for ${lasts}).</p>` +
    loginLink +
    '<p>If it was not you, ignore this email: your password stays as it is.</p>';
  return { subject, text, html };
}

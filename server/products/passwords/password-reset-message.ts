/** The password reset email: subject, text and HTML, with the link and how long it lasts. */
import { escapeHtml } from '../../http/escape-html.js';

/** What the reset email says. */
export interface ResetMessageInput {
  projectName: string;
  /** The link with `stytch_token_type=reset_password` and the token. */
  link: string;
  expirationMinutes: number;
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
    '',
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n');
  const html =
    `<p>Someone asked to set a new password for your ${escapeHtml(input.projectName)} account.</p>` +
    `<p><a href="${escapeHtml(input.link)}">Choose a new password</a> (the link works for ${lasts}).</p>` +
    '<p>If it was not you, ignore this email: your password stays as it is.</p>';
  return { subject, text, html };
}

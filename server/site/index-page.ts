/**
 * The site's one public page: `index.html` from the build with the site project's public token,
 * the server's public URL and the guests' session length filled in, rendered once at start-up;
 * its compressed copies are made on the first request that takes them (a Brotli encoder at start
 * cost the idle server about 1 MiB), then kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { escapeHtml } from '../http/escape-html.js';

/** Replaced by the public token of the site's project. */
export const TOKEN_PLACEHOLDER = '__VELVET_PUBLIC_TOKEN__';
/** Replaced by the server's public URL (the link-preview image needs an absolute URL). */
export const PUBLIC_URL_PLACEHOLDER = '__VELVET_PUBLIC_URL__';
/**
 * Replaced by the minutes a guest's session lasts (`sessions.siteGuestDurationDays` of the site
 * project), which the page asks for at each sign-in and visit.
 */
export const GUEST_SESSION_PLACEHOLDER = '__VELVET_GUEST_SESSION_MINUTES__';
/**
 * Replaced by `true` when the site project offers passkeys (`passkeys` among its products), else
 * `false`: the page then neither offers guests a passkey nor asks the widget for passkey sign-in.
 */
export const PASSKEYS_PLACEHOLDER = '__VELVET_PASSKEYS__';
/**
 * Replaced by the site project's passcode channels the hosts' page can sign in with, `sms` and
 * `email` among its `otp.methods` (comma-separated): a host listed by email signs in by email.
 */
export const PASSCODE_METHODS_PLACEHOLDER = '__VELVET_PASSCODE_METHODS__';

/** The rendered page in each encoding, and its validator. */
export interface IndexPage {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

/**
 * Renders `templatePath` for a project token, public URL, guests' session length, whether the
 * project offers passkeys and its passcode channels.
 */
export function renderIndexPage(
  templatePath: string,
  values: {
    publicToken: string;
    publicUrl: string;
    guestSessionMinutes: number;
    passkeys: boolean;
    /** The project's passcode channels (`otp.methods`). */
    passcodeMethods?: readonly string[];
  },
): IndexPage {
  const html = readFileSync(templatePath, 'utf8')
    .replaceAll(TOKEN_PLACEHOLDER, escapeHtml(values.publicToken))
    .replaceAll(GUEST_SESSION_PLACEHOLDER, String(Math.floor(values.guestSessionMinutes)))
    .replaceAll(PASSKEYS_PLACEHOLDER, String(values.passkeys))
    .replaceAll(
      PASSCODE_METHODS_PLACEHOLDER,
      (values.passcodeMethods ?? ['sms']).filter((m) => m === 'sms' || m === 'email').join(','),
    )
    .replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(values.publicUrl.replace(/\/+$/, '')));
  const identity = Buffer.from(html);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      br ??= brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
      return gzip;
    },
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

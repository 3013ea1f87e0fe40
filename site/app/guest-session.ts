/**
 * How long a guest stays signed in: the site project's `sessions.siteGuestDurationDays`, which
 * the server writes into `index.html` in minutes (`<meta name="velvet-guest-session-minutes">`).
 * The page asks for that length when the guest signs in and again each time it opens with the
 * session, so a guest who returns within it needs no new code, and the days count from the
 * latest visit.
 */

/** The name of the meta tag saying whether the site's project offers passkeys. */
export const PASSKEYS_META = 'velvet-passkeys';

/**
 * Whether the site's project offers passkeys, as the server wrote it into `index.html`
 * (`<meta name="velvet-passkeys" content="true">`): only then does the widget sign guests in with
 * passkeys and the invitation offer one. A page not served by Velvet says no.
 */
export function readSitePasskeys(document: Document): boolean {
  return (
    document.querySelector<HTMLMetaElement>(`meta[name="${PASSKEYS_META}"]`)?.content === 'true'
  );
}

/** The name of the meta tag listing the site project's passcode channels. */
const PASSCODE_METHODS_META = 'velvet-passcode-methods';

/**
 * The passcode channels the site's project offers among text and email, as the server wrote them
 * (`<meta name="velvet-passcode-methods" content="sms,email">`); text alone when the page says
 * nothing. The hosts' page signs in with them (a host may be listed by email); guests by text.
 */
export function readPasscodeMethods(document: Document): ('sms' | 'email')[] {
  const content =
    document.querySelector<HTMLMetaElement>(`meta[name="${PASSCODE_METHODS_META}"]`)?.content ?? '';
  const methods = content
    .split(',')
    .filter((method): method is 'sms' | 'email' => method === 'sms' || method === 'email');
  return methods.length > 0 ? methods : ['sms'];
}

/** The name of the meta tag holding the minutes. */
export const GUEST_SESSION_META = 'velvet-guest-session-minutes';

/**
 * The minutes from the page's meta tag, or `undefined` (the page was not served by Velvet): the
 * widget then asks for its default and visits extend nothing.
 */
export function readGuestSessionMinutes(document: Document): number | undefined {
  const content = document.querySelector<HTMLMetaElement>(
    `meta[name="${GUEST_SESSION_META}"]`,
  )?.content;
  const minutes = Number(content);
  return content && Number.isInteger(minutes) && minutes > 0 ? minutes : undefined;
}

/** The passcode screen's countdown (spec section 2): the time left as m:ss, ticking each second. */

/** How often the countdown ticks (spec section 9). */
export const COUNTDOWN_TICK_MS = 1000;

/** How long the resend link shows `Code sent` before it is a link again (spec section 9). */
export const RESEND_FEEDBACK_MS = 2000;

/**
 * `ms` as m:ss, rounded up to the whole second so the display reaches 0:00 only when the code
 * has expired: 600000 → '10:00', 59001 → '1:00', 1000 → '0:01'. The digits are the locale's
 * (`Intl.NumberFormat`: Arabic-Indic digits for `ar-EG`, for instance).
 */
export function formatRemaining(ms: number, locale = 'en'): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  let minutes: Intl.NumberFormat;
  let twoDigits: Intl.NumberFormat;
  try {
    minutes = new Intl.NumberFormat(locale, { useGrouping: false });
    twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  } catch {
    minutes = new Intl.NumberFormat('en', { useGrouping: false });
    twoDigits = new Intl.NumberFormat('en', { minimumIntegerDigits: 2, useGrouping: false });
  }
  return `${minutes.format(Math.floor(seconds / 60))}:${twoDigits.format(seconds % 60)}`;
}

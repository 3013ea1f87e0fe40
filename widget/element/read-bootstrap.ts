/**
 * The project's bootstrap, read without the client library as soon as the widget is configured:
 * the phone form waits for its countries (issue 37), so this request goes out beside the
 * product's chunk, from `velvet.js` itself, rather than after another chunk.
 */
import type { BootstrapResponse } from '../client/api-types.js';
import type { WidgetBootstrap } from '../products/product.js';

/** How long the widget waits for bootstrap before going on without it (spec: 5 s when slow). */
export const BOOTSTRAP_TIMEOUT_MS = 5000;

/**
 * `{apiBase}/sdk/v1`, the page's origin by default. (The client library also takes an `apiBase`
 * that is not an `http(s)` URL, with a warning, as the page's origin; here its calls fail, and
 * the fallbacks apply until the client library loads.)
 */
export function apiUrl(apiBase: string | undefined): string {
  return `${(apiBase ?? location.origin).replace(/\/+$/, '')}/sdk/v1`;
}

/**
 * The project's configuration from the server, read as the client library reads its
 * `BootstrapData` (`toBootstrapData`); its fallback when the server cannot be asked or has not
 * answered within {@link BOOTSTRAP_TIMEOUT_MS} (every country, one email domain, the client
 * library's `DEFAULT_EMAIL_DOMAIN`). Never rejects.
 */
export async function readBootstrap(
  publicToken: string,
  apiBase: string | undefined,
): Promise<WidgetBootstrap> {
  let data: BootstrapResponse | undefined;
  try {
    const response = await fetch(
      `${apiUrl(apiBase)}/projects/bootstrap/${encodeURIComponent(publicToken)}`,
      { signal: AbortSignal.timeout(BOOTSTRAP_TIMEOUT_MS) },
    );
    if (response.ok) data = ((await response.json()) as { data?: BootstrapResponse }).data;
  } catch {
    // The fallback below.
  }
  const password = data?.password_config;
  const countries = data?.sms_allowed_countries;
  return {
    smsAllowedCountries: Array.isArray(countries) ? countries : null,
    emailDomains: data?.email_domains ?? ['velvet.dev'],
    passwordConfig: password
      ? {
          ludsComplexity: password.luds_complexity ?? 0,
          ludsMinimumCount: password.luds_minimum_count ?? 0,
        }
      : null,
    originNotAllowed:
      data?.origin_allowed === false
        ? data.origin_message || 'This page’s origin is not authorized for this project.'
        : null,
  };
}

/**
 * The mapping of the server's bootstrap answer to {@link BootstrapData}: a chunk of its own, which
 * `BootstrapClient` imports when it first asks the server, so pages that never do (the SMS
 * passcode flow without a captcha) do not download it.
 */

import type { BootstrapResponse } from './api-types.js';
import { type BootstrapData, FALLBACK_BOOTSTRAP } from './bootstrap.js';
import { isStringArray } from './type-checks.js';

/** `captcha_settings` with only the fields of the right type. */
function readCaptchaSettings(
  settings: BootstrapResponse['captcha_settings'],
): BootstrapData['captchaSettings'] {
  if (settings?.enabled !== true) return { enabled: false };
  const read: { enabled: true; siteKey?: string; provider?: string; scriptUrl?: string } = {
    enabled: true,
  };
  for (const key of ['siteKey', 'provider', 'scriptUrl'] as const) {
    const value = settings[key];
    if (typeof value === 'string' && value !== '') read[key] = value;
  }
  return read;
}

/** Maps the server's snake_case answer to {@link BootstrapData}. */
export function toBootstrapData(body: BootstrapResponse): BootstrapData {
  const password = body.password_config;
  const mode = body.dfp_protected_auth_mode;
  return {
    projectName: body.project_name ?? null,
    displayWatermark: body.disable_sdk_watermark === false,
    captchaSettings: readCaptchaSettings(body.captcha_settings),
    cnameDomain: body.cname_domain || null,
    emailDomains: [...(body.email_domains ?? FALLBACK_BOOTSTRAP.emailDomains)],
    pkceRequiredForEmailMagicLinks: body.pkce_required_for_email_magic_links === true,
    pkceRequiredForPasswordResets: body.pkce_required_for_password_resets === true,
    pkceRequiredForOAuth: body.pkce_required_for_oauth === true,
    pkceRequiredForSso: body.pkce_required_for_sso === true,
    slugPattern: body.slug_pattern ?? null,
    createOrganizationEnabled: body.create_organization_enabled === true,
    passwordConfig: password
      ? {
          ludsComplexity: password.luds_complexity ?? 0,
          ludsMinimumCount: password.luds_minimum_count ?? 0,
        }
      : null,
    dfpProtectedAuthEnabled: body.dfp_protected_auth_enabled === true,
    dfpProtectedAuthMode: mode === 'DECISIONING' || mode === 'OBSERVATION' ? mode : null,
    rbacPolicy: body.rbac_policy ?? null,
    siweRequiredForCryptoWallets: body.siwe_required_for_crypto_wallets === true,
    vertical: body.vertical === 'CONSUMER' || body.vertical === 'B2B' ? body.vertical : null,
    smsAllowedCountries: isStringArray(body.sms_allowed_countries)
      ? [...body.sms_allowed_countries]
      : null,
    originNotAllowed:
      body.origin_allowed === false
        ? body.origin_message || 'This page’s origin is not authorized for this project.'
        : null,
  };
}

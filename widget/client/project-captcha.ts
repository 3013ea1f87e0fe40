/**
 * The client's default captcha: the project's, as bootstrap describes it (`captcha_settings`).
 * The provider's code (Cloudflare Turnstile) is its own chunk, loaded the first time the server
 * asks for a token, so pages of projects without a captcha never download it.
 */
import type { BootstrapClient } from './bootstrap.js';

/**
 * A fresh token of the project's captcha (action `LOGIN`). Rejects when the project has none
 * that this library can render, or the challenge cannot be run.
 */
export async function projectCaptchaToken(bootstrap: BootstrapClient): Promise<string> {
  const { captchaSettings } = await bootstrap.getAsync();
  const { enabled, siteKey, provider, scriptUrl } = captchaSettings;
  if (!enabled || !siteKey) throw new Error('the project has no captcha');
  if (provider !== undefined && provider !== 'turnstile') {
    throw new Error(`captcha provider ${provider} is not supported`);
  }
  const { turnstileToken } = await import('./turnstile-captcha.js');
  return turnstileToken(siteKey, scriptUrl);
}

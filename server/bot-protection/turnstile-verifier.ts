/**
 * Cloudflare Turnstile's server-side check (siteverify): `POST {verifyUrl}` with `secret`,
 * `response` (the browser's token), `remoteip` and `idempotency_key`, answered with
 * `{success, error-codes, challenge_ts, hostname, action, cdata}`. A token works once and for
 * 300 seconds; the answer says which site (hostname) and which widget (action) it was made for.
 */
import { randomUUID } from 'node:crypto';

/** Turnstile tokens are at most this long; a longer one is refused without asking. */
export const TURNSTILE_TOKEN_MAX_LENGTH = 2048;

/** How long one siteverify call may take before it counts as unanswered. */
const VERIFY_TIMEOUT_MS = 5000;

/** Siteverify's answer, as Cloudflare sends it. */
export interface SiteverifyResponse {
  success: boolean;
  'error-codes': string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
}

/** What one check concluded. */
export interface CaptchaVerdict {
  /** Whether the token is good for this request. */
  readonly valid: boolean;
  /** Why not: Turnstile's error codes, or Velvet's own (`action-mismatch`, `hostname-mismatch`, `unreachable`). */
  readonly errorCodes: readonly string[];
  /** The hostname the token was made on, when the provider said. */
  readonly hostname?: string;
}

/** What a check needs to know of the request. */
export interface CaptchaCheck {
  readonly token: string;
  /** The client's IP address, passed on as `remoteip`. */
  readonly remoteIp: string;
  /** The action the widget must have rendered the challenge with (`LOGIN`). */
  readonly action: string;
  /** Hostnames a token may have been made on (the project's authorized origins). */
  readonly hostnames: ReadonlySet<string>;
}

/** A captcha provider's verification; one per provider, chosen by the project's settings. */
export interface CaptchaVerifier {
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>;
}

/** Verifies Turnstile tokens against `verifyUrl` with `secretKey`. */
export class TurnstileVerifier implements CaptchaVerifier {
  constructor(
    private readonly verifyUrl: string,
    private readonly secretKey: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /**
   * Asks siteverify about `check.token`. One idempotency key per check, so a call repeated after a
   * network failure or a 5xx cannot spend the token twice. Fails closed: no answer is no.
   */
  async verify(check: CaptchaCheck): Promise<CaptchaVerdict> {
    if (check.token.length > TURNSTILE_TOKEN_MAX_LENGTH) {
      return { valid: false, errorCodes: ['invalid-input-response'] };
    }
    const body = JSON.stringify({
      secret: this.secretKey,
      response: check.token,
      remoteip: check.remoteIp,
      idempotency_key: randomUUID(),
    });
    let answer: SiteverifyResponse | undefined;
    for (let attempt = 0; attempt < 2 && !answer; attempt++) answer = await this.call(body);
    if (!answer) return { valid: false, errorCodes: ['unreachable'] };
    const hostname = answer.hostname;
    const verdict = (valid: boolean, errorCodes: readonly string[]): CaptchaVerdict =>
      hostname === undefined ? { valid, errorCodes } : { valid, errorCodes, hostname };
    if (!answer.success) return verdict(false, answer['error-codes']);
    if (answer.action !== check.action) return verdict(false, ['action-mismatch']);
    if (!hostname || !check.hostnames.has(hostname)) return verdict(false, ['hostname-mismatch']);
    return verdict(true, []);
  }

  /** One siteverify call; `undefined` when it must be repeated (no answer, 5xx, not JSON). */
  private async call(body: string): Promise<SiteverifyResponse | undefined> {
    try {
      const response = await this.fetchImpl(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (response.status >= 500) return undefined;
      return readSiteverify(await response.json());
    } catch {
      return undefined;
    }
  }
}

/** Siteverify's JSON, checked field by field; anything else counts as no answer. */
function readSiteverify(value: unknown): SiteverifyResponse | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  if (typeof body.success !== 'boolean') return undefined;
  const codes = Array.isArray(body['error-codes'])
    ? body['error-codes'].filter((code): code is string => typeof code === 'string')
    : [];
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  const answer: SiteverifyResponse = { success: body.success, 'error-codes': codes };
  for (const key of ['challenge_ts', 'hostname', 'action', 'cdata'] as const) {
    const field = text(key);
    if (field !== undefined) answer[key] = field;
  }
  return answer;
}

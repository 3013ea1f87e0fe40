/**
 * The circuit breaker on text messages (SMS and WhatsApp) against SMS pumping: someone making
 * the project text numbers whose operators pay them per message. It counts only texts to numbers
 * that are neither on the guest list nor signed in before (the passcode service decides which,
 * see `OtpService`), so no stranger can pause a guest's codes; and it counts them per prefix
 * range as well as in total, because pumping goes to ranges: one range flooded leaves the others
 * texting.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { NormalizedPhone } from '../users/index.js';
import './otp-errors.js';

/** One of the breaker's counts: its bucket, its limit and the setting that names it. */
interface BreakerBucket {
  key: string;
  max: number;
  setting: 'maxPerHour' | 'maxPerHourPerPrefix';
  /** The prefix range, for the per-prefix count. */
  prefix?: string;
}

/**
 * The prefix range a number is counted in: its calling code and the first three digits after it
 * (`+1 415`: an area code in North America; `+44 740`: a block of UK mobile numbers).
 */
export function prefixRange(phone: Pick<NormalizedPhone, 'callingCode' | 'nationalNumber'>) {
  return `+${phone.callingCode} ${phone.nationalNumber.slice(0, 3)}`;
}

/** Counts texts to new numbers and refuses them over `sms.maxPerHourPerPrefix` or `sms.maxPerHour`. */
export class TextBreaker {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Counts a text to `phone`, a number neither on the guest list nor verified. The number's
   * prefix range is counted first: a text its range refuses does not count in the total, so
   * flooding one range cannot use up the others' share. The send that trips a bucket logs the
   * alert (`"alert":"sms_circuit_breaker_open"`, with `bucket` `prefix` or `total`).
   * @throws ApiError `otp_send_rate_limited` with `retry_after_seconds` while a bucket is full.
   */
  async count(project: Project, phone: NormalizedPhone): Promise<void> {
    const { projectId, settings } = project;
    const prefix = prefixRange(phone);
    await this.#countIn(project, {
      key: `sms-breaker:${projectId}:prefix:${prefix}`,
      max: settings.sms.maxPerHourPerPrefix,
      setting: 'maxPerHourPerPrefix',
      prefix,
    });
    await this.#countIn(project, {
      key: `sms-breaker:${projectId}`,
      max: settings.sms.maxPerHour,
      setting: 'maxPerHour',
    });
  }

  async #countIn(project: Project, bucket: BreakerBucket): Promise<void> {
    const limit = { max: bucket.max, windowMinutes: 60 };
    const { hits, resetAt } = await this.limiter.count(bucket.key, limit);
    if (hits <= limit.max) return;
    if (hits === limit.max + 1) {
      const where = bucket.prefix ? ` in ${bucket.prefix}` : '';
      this.log.error(
        {
          alert: 'sms_circuit_breaker_open',
          projectId: project.projectId,
          bucket: bucket.prefix ? 'prefix' : 'total',
          ...(bucket.prefix ? { prefix: bucket.prefix } : {}),
          [bucket.setting]: limit.max,
          reopensAt: new Date(resetAt).toISOString(),
        },
        `ALERT: text messages to new numbers${where} paused: the project reached sms.${bucket.setting}`,
      );
    }
    this.limiter.noteRefusal(`sms-breaker:${bucket.prefix ? 'prefix' : 'total'}`);
    throw new ApiError(
      'otp_send_rate_limited',
      'Text messages are paused for a while. Please try again later.',
      { retry_after_seconds: Math.max(1, Math.ceil((resetAt - this.clock()) / 1000)) },
    );
  }
}

/**
 * Calls into the real Stytch SDK on a test page (`window.stytchCall`, see `page-config.ts`), as
 * the Stytch e2e files make them: a call's result or what it threw, read as success or failure,
 * and the SMS sign-in most of them start with.
 */
import { expect, type Page } from '@playwright/test';
import type { VelvetServer } from '../../../server/test/velvet-process.js';
import type { StytchTestWindow, Thrown } from './page-config.js';

/** The page's SDK client. */
export type Sdk = StytchTestWindow['stytch'];

/**
 * Runs `call` with the page's SDK client and gives back what it resolved to, or what it threw
 * (`window.stytchCall`). `call` runs in the page, as `page.evaluate` runs its function: it may
 * use only its arguments, and `arg` must be JSON.
 */
export async function sdk<A, R>(
  page: Page,
  call: (client: Sdk, arg: A) => Promise<R> | R,
  arg: A,
): Promise<R | Thrown> {
  return page.evaluate<R | Thrown>(`window.stytchCall(${call.toString()}, ${JSON.stringify(arg)})`);
}

/** Whether an SDK call's result is what it threw. */
function isThrown(result: unknown): result is Thrown {
  return Boolean(result && typeof result === 'object' && (result as Thrown).thrown === true);
}

/** The result of a call that must have succeeded; throws with the SDK's message otherwise. */
export function succeeded<R>(result: R | Thrown): R {
  if (isThrown(result)) throw new Error(`the SDK call failed: ${result.message}`);
  if (result === undefined) {
    // What the SDK hands back for a 200 whose body has no `data`.
    throw new Error('the SDK call resolved to undefined: was the success body without `data`?');
  }
  return result as R;
}

/** What a call that must have failed threw; throws when it succeeded. */
export function failed(result: unknown): Thrown {
  if (!isThrown(result)) {
    throw new Error(`the SDK call did not fail: ${JSON.stringify(result).slice(0, 200)}`);
  }
  return result;
}

/**
 * Opens `origin`'s headless page and signs in by SMS through the SDK: the passcode sent to
 * `phone` (read from the server's outbox), then its check, which answers with the session.
 */
export async function signInBySms(page: Page, origin: string, velvet: VelvetServer, phone: string) {
  await page.goto(`${origin}/headless.html`);
  await page.waitForFunction(() => Boolean((window as unknown as { stytch?: unknown }).stytch));
  const sent = succeeded(await sdk(page, (client, to) => client.otps.sms.loginOrCreate(to), phone));
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(phone);
  return succeeded(
    await sdk(
      page,
      (client, { code, methodId }) =>
        client.otps.authenticate(code, methodId, { session_duration_minutes: 60 }),
      { code, methodId: sent.method_id },
    ),
  );
}

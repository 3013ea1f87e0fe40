/**
 * The check that a real server's log holds none of the secrets a flow issued: codes, link
 * tokens, session tokens. The development outbox's prints of the messages are not the log
 * (`VelvetServer.log`); everything else the process wrote is.
 */
import { expect, type Page } from '@playwright/test';
import { holdsSecret, type VelvetServer } from '../../server/test/velvet-process.js';

/** Asserts the server logged its requests and no line holds any of `secrets` (by name). */
export function expectNoSecretsInLog(velvet: VelvetServer, secrets: Record<string, string>): void {
  const log = velvet.log();
  expect(
    log.filter((line) => line.includes('"incoming request"')).length,
    'the log has request lines',
  ).toBeGreaterThan(0);
  const leaks: string[] = [];
  for (const [what, secret] of Object.entries(secrets)) {
    expect(secret.length, `${what} is long enough to look for`).toBeGreaterThanOrEqual(6);
    for (const line of log) if (holdsSecret(line, secret)) leaks.push(`${what}: ${line}`);
  }
  expect(leaks).toEqual([]);
}

/** The values of the page's `velvet…` cookies and of its local storage, by name. */
export async function browserSecrets(page: Page): Promise<Record<string, string>> {
  const secrets: Record<string, string> = {};
  for (const cookie of await page.context().cookies()) {
    if (cookie.name.startsWith('velvet') && cookie.value.length >= 6) {
      secrets[`cookie ${cookie.name}`] = decodeURIComponent(cookie.value);
    }
  }
  const stored = await page.evaluate(() => Object.entries(localStorage));
  for (const [name, value] of stored) {
    // A stored session is JSON: its token and JWT are what matter.
    for (const match of value.matchAll(/"(session_?(?:token|jwt))":"([^"]+)"/gi)) {
      if (match[1] && match[2]) secrets[`localStorage ${name} ${match[1]}`] = match[2];
    }
  }
  return secrets;
}

/**
 * Passwords end to end, in Chromium against the real server, on SQLite and on PostgreSQL: a new
 * guest creates a password (the strength meter and the breach warning seen on the way), logs out
 * and back in, forgets it and resets it from the emailed link (read from a real SMTP server's
 * inbox), and a guest who signed in by passcode and has no password goes through Dedupe. The
 * SQLite run embeds the widget without shadow DOM, the PostgreSQL run with it.
 */
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { injectAxe } from './support/inject-axe.js';
import {
  missingPostgres,
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_URL,
} from './support/postgres-server.js';
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-passwords';
const STRONG = 'violet-Harbor-7-quietly-juggles';
const NEWER = 'amber-Comet-42-folds-paper-cranes';
const BREACH =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

function page(velvetUrl: string, enableShadowDOM: boolean): string {
  const config = JSON.stringify({ products: ['passwords'], enableShadowDOM });
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Party sign-in</title>
<script type="module" src="${velvetUrl}/widget/velvet.js"></script>
<main>
  <h1>Sign in</h1>
  <velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvetUrl}" config='${config}'></velvet-login>
</main>
</html>`;
}

/** A scratch PostgreSQL database, or `undefined` when no server answers. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `velvet_e2e_pw_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({
    connectionString: POSTGRES_URL,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

for (const database of ['sqlite', 'postgres'] as const) {
  test.describe(`passwords on ${database}`, () => {
    const enableShadowDOM = database === 'postgres';
    let inbox: SmtpInbox;
    let site: StaticSite;
    let velvet: VelvetServer;
    let dropPostgres: (() => Promise<void>) | undefined;
    let skipped: string | undefined;

    test.beforeAll(async () => {
      let databaseUrl = '';
      if (database === 'postgres') {
        const scratch = await scratchPostgres();
        if (!scratch) {
          skipped = missingPostgres(`passwords on ${database}`);
          return;
        }
        databaseUrl = scratch.url;
        dropPostgres = scratch.drop;
      }
      buildWidget();
      inbox = await startSmtpInbox();
      let html = '';
      site = await serveStaticPage(() => html);
      velvet = await startVelvet({
        config: {
          projects: [
            {
              name: 'Velvet party',
              publicToken: PUBLIC_TOKEN,
              authorizedOrigins: [site.origin],
              products: ['passwords', 'otp'],
              otp: { methods: ['email'] },
              passwords: { resetRedirectUrls: [`${site.origin}/`] },
            },
          ],
        },
        env: {
          DATABASE_URL: databaseUrl,
          SMTP_URL: inbox.url,
          EMAIL_FROM: 'Velvet party <hosts@party.example>',
          // The test's own SMTP inbox beside development's outbox (refused unless allowed).
          VELVET_ALLOW_DEV_SURFACES: '1',
        },
      });
      html = page(velvet.url, enableShadowDOM);
    });

    test.afterAll(async () => {
      await velvet?.stop();
      await site?.close();
      await inbox?.close();
      await dropPostgres?.();
    });

    const widget = (p: Page) => p.locator('velvet-login');
    const heading = (p: Page, name: string) => widget(p).getByRole('heading', { name });

    async function api(path: string, body: unknown, secret = PUBLIC_TOKEN) {
      const response = await fetch(`${velvet.url}/sdk/v1${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${secret}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data?: Record<string, unknown>; error_type?: string },
      };
    }

    /** The newest email to `to` once there are more than `seen`. */
    async function nextMail(to: string, seen: number): Promise<string> {
      await expect
        .poll(() => inbox.messages.filter((m) => m.to.includes(to)).length)
        .toBeGreaterThan(seen);
      return (await inbox.waitFor(to)).decoded;
    }

    const mailsTo = (to: string) => inbox.messages.filter((m) => m.to.includes(to)).length;

    function resetLinkIn(mail: string): string {
      const href = mail.match(
        /http:\/\/127\.0\.0\.1:\d+\/\?stytch_token_type=reset_password&token=[A-Za-z0-9_-]+/,
      )?.[0];
      expect(href, 'the reset link is in the email').toBeTruthy();
      return href ?? '';
    }

    /** Ends the session on the server and forgets it in the browser. */
    async function logOut(p: Page): Promise<void> {
      const session = (await p.context().cookies(site.origin)).find(
        (cookie) => cookie.name === 'velvet_session',
      );
      expect(session, 'signed in before logging out').toBeTruthy();
      const revoked = await api('/sessions/revoke', {}, session?.value);
      expect(revoked.status).toBe(200);
      await p.context().clearCookies();
      await p.evaluate(() => localStorage.clear());
      await p.goto(`${site.origin}/`);
    }

    async function startWith(p: Page, email: string): Promise<void> {
      const field = widget(p).getByRole('textbox', { name: 'Email' });
      await expect(field).toBeVisible();
      await field.fill(email);
      await widget(p).getByRole('button', { name: 'Continue with email' }).click();
    }

    async function expectNoAxeViolations(p: Page): Promise<void> {
      await injectAxe(p);
      const violations = await p.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(el: Element): Promise<{ violations: { id: string }[] }> };
          }
        ).axe;
        const el = document.querySelector('velvet-login');
        return el ? (await axe.run(el)).violations.map((v) => v.id) : ['no widget'];
      });
      expect(violations).toEqual([]);
    }

    test('create a password, log out and in, forget it, reset it from the emailed link', async ({
      page: p,
    }) => {
      test.skip(skipped !== undefined, skipped);
      const email = `ada-${database}@party.example`;
      await p.goto(`${site.origin}/`);
      expect(await widget(p).evaluate((el) => Boolean(el.shadowRoot))).toBe(enableShadowDOM);
      await startWith(p, email);
      await expect(heading(p, 'Create an account')).toBeVisible();
      const password = widget(p).getByLabel('Password', { exact: true });
      await expect(password).toHaveAttribute('autocomplete', 'new-password');
      const submit = widget(p).getByRole('button', { name: 'Continue' });
      await expect(submit).toBeDisabled();

      // A breached password: the warning, one red segment, no submit.
      await password.pressSequentially('password1');
      await expect(widget(p).getByText(BREACH)).toBeVisible();
      const meter = widget(p).getByRole('meter', { name: 'Password strength' });
      await expect(meter).toHaveAttribute('aria-valuenow', '0');
      await expect(widget(p).locator('.velvet-strength__segment[data-filled=red]')).toHaveCount(1);
      await expect(submit).toBeDisabled();

      // A strong one: four green segments, and the server lets it through.
      await password.fill(STRONG);
      await expect(meter).toHaveAttribute('aria-valuenow', '4');
      await expect(widget(p).locator('.velvet-strength__segment[data-filled=green]')).toHaveCount(
        4,
      );
      await expect(widget(p).getByText(BREACH)).toHaveCount(0);
      await expect(submit).toBeEnabled();
      await expectNoAxeViolations(p);
      await submit.click();
      await expect(heading(p, 'Success!')).toBeVisible();

      // Log out, and back in with the password.
      await logOut(p);
      await startWith(p, email);
      await expect(heading(p, 'Log in')).toBeVisible();
      const current = widget(p).getByLabel('Password', { exact: true });
      await expect(current).toHaveAttribute('autocomplete', 'current-password');
      await current.fill('not-my-password-at-all');
      await widget(p).getByRole('button', { name: 'Continue' }).click();
      await expect(
        widget(p).getByText('The email or password is incorrect. Please try again.'),
      ).toBeVisible();
      await current.fill(STRONG);
      await widget(p).getByRole('button', { name: 'Continue' }).click();
      await expect(heading(p, 'Success!')).toBeVisible();

      // Forgotten: the link comes by email and sets a new password.
      await logOut(p);
      await startWith(p, email);
      await expect(heading(p, 'Log in')).toBeVisible();
      const seen = mailsTo(email);
      await widget(p).getByRole('button', { name: 'Forgot password?' }).click();
      await expect(heading(p, 'Forgot password?')).toBeVisible();
      await expect(
        widget(p).getByText(`A link to reset your password was sent to you at ${email}.`),
      ).toBeVisible();
      const mail = await nextMail(email, seen);
      expect(mail).toMatch(/^Subject: Reset your Velvet party password$/m);
      const link = resetLinkIn(mail);
      expect(link.startsWith(`${site.origin}/?`)).toBe(true);
      await p.goto(link);
      await expect(heading(p, 'Set a new password')).toBeVisible();
      expect(new URL(p.url()).search, 'the token leaves the address bar').toBe('');
      await widget(p).getByLabel('Password', { exact: true }).fill(NEWER);
      const setIt = widget(p).getByRole('button', { name: 'Set password' });
      await expect(setIt).toBeEnabled();
      await setIt.click();
      await expect(heading(p, 'Success!')).toBeVisible();

      const old = await api('/passwords/authenticate', { email, password: STRONG });
      expect(old.body.error_type).toBe('unauthorized_password');
      const fresh = await api('/passwords/authenticate', { email, password: NEWER });
      expect(fresh.status).toBe(200);
      // The link worked once.
      const again = await api('/passwords/email/reset', {
        token: new URL(link).searchParams.get('token'),
        password: STRONG,
      });
      expect(again.body.error_type).toBe('password_reset_token_not_found');
    });

    test('a guest who signed in by passcode and has no password goes through Dedupe', async ({
      page: p,
    }) => {
      test.skip(skipped !== undefined, skipped);
      const email = `linus-${database}@party.example`;
      const sent = await api('/otps/email/login_or_create', { email });
      expect(sent.status).toBe(200);
      const code = (await nextMail(email, 0)).match(/\b(\d{6})\b/)?.[1];
      const signedIn = await api('/otps/authenticate', {
        token: code,
        method_id: sent.body.data?.method_id,
      });
      expect(signedIn.status).toBe(200);
      const search = await api('/users/search', { email });
      expect(search.body.data?.user_type).toBe('passwordless');

      await p.goto(`${site.origin}/`);
      await startWith(p, email);
      await expect(heading(p, 'Create an account')).toBeVisible();
      await widget(p).getByLabel('Password', { exact: true }).fill(STRONG);
      const seen = mailsTo(email);
      const submit = widget(p).getByRole('button', { name: 'Continue' });
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(heading(p, 'Check your email to set a new password')).toBeVisible();
      await expectNoAxeViolations(p);

      const link = resetLinkIn(await nextMail(email, seen));
      await p.goto(link);
      await expect(heading(p, 'Set a new password')).toBeVisible();
      await widget(p).getByLabel('Password', { exact: true }).fill(STRONG);
      await widget(p).getByRole('button', { name: 'Set password' }).click();
      await expect(heading(p, 'Success!')).toBeVisible();
      const after = await api('/users/search', { email });
      expect(after.body.data?.user_type).toBe('password');
      // The passcode session ended with the reset.
      const old = await api(
        '/sessions/authenticate',
        {},
        String(signedIn.body.data?.session_token),
      );
      expect(old.status).toBe(401);
    });
  });
}

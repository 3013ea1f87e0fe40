/**
 * Privacy of the built site on the real server: everything anyone can fetch without a session
 * (the page and all it references, followed transitively through HTML, CSS and scripts) holds
 * none of the invitation's private strings and carries `noindex, nofollow`; the invitation's
 * chunk and the photos answer 401 to anyone but an invited guest, and are served to one; the
 * hosts' page (`/host`) is the same public page, and its chunks and API answer 404 to anyone but
 * a signed-in host (an invited guest included); and nothing a page script can read after a guest
 * signs in opens them from elsewhere.
 */
import { expect, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { INVITATION_CONTENT_PATH } from '../site/app/invitation-content.js';
import {
  calendarEntries,
  eventCalendarPath,
  PARTY_CALENDAR_PATH,
} from '../site/calendar/calendar-events.js';
import { dayDateText, partyDateText } from '../site/content/date-text.js';
import { invitation, PHOTO_NAME } from '../site/content/invitation.js';
import { scriptReadable, serverSessionCookie, signInThroughWidget } from './support/site-page.js';
import { type SiteServer, startSite } from './support/site-server.js';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/**
 * What must never reach a browser without an invited session: the names (and each name), the
 * date, the city, the schedule, the FAQ and the photos' names. Short generic words (a tab
 * label, "6pm") are left out: they could appear in any code without saying anything.
 */
function privateStrings(): string[] {
  const strings = new Set<string>([
    PHOTO_NAME,
    'photobooth',
    invitation.isoDate,
    'July 26',
    'San Francisco',
    'plan your trip',
    'Pier 70',
    ...invitation.names.split(/\W+/).filter((word) => word.length >= 3),
    // The hosts' number, as written and as dialled.
    invitation.faq.closing.phone,
    invitation.faq.closing.phone.replace(/[^\d]/g, ''),
  ]);
  const long = (text: string) => {
    if (text.length >= 12) strings.add(text);
  };
  for (const text of [
    invitation.names,
    invitation.tagline,
    partyDateText(invitation.isoDate, 'en'),
    invitation.location,
    invitation.schedule.subtitle,
    invitation.faq.closing.text,
    invitation.footer.thanks,
    invitation.footer.image.alt,
  ]) {
    long(text);
  }
  for (const day of invitation.schedule.days) {
    long(dayDateText(day.isoDate, 'en'));
    long(day.title);
    for (const event of day.events) {
      long(event.title);
      long(event.description);
      long(event.location);
      long(event.address ?? '');
    }
  }
  for (const item of invitation.faq.items) {
    long(item.question);
    long(item.answer);
  }
  for (const photo of invitation.photos) long(photo.alt);
  return [...strings];
}

/** The private strings found in `text`, raw or as a script would escape them. */
function leaks(text: string): string[] {
  const haystack = text.toLowerCase();
  return privateStrings().filter((needle) => {
    const escaped = JSON.stringify(needle).slice(1, -1);
    return haystack.includes(needle.toLowerCase()) || haystack.includes(escaped.toLowerCase());
  });
}

/** The same-origin URL paths `body` (of `type`, fetched from `from`) refers to. */
function references(body: string, type: string, from: URL): string[] {
  const found: string[] = [];
  const patterns: RegExp[] = type.includes('html')
    ? [/\b(?:src|href)="([^"]+)"/g, /\bcontent="((?:https?:\/\/|\/)[^"]*)"/g]
    : type.includes('css')
      ? [/url\(\s*['"]?([^'")]+)['"]?\s*\)/g]
      : type.includes('javascript')
        ? [
            /["'`]((?:\.{1,2}\/|\/)[^"'`\s]+?\.(?:js|css|jpe?g|png|webp|avif|svg|json|woff2?))["'`]/g,
            // Vite's preload list names chunks from the base: "assets/x.js", "private/y.js",
            // "host/z.js".
            /["'`]((?:assets|private|host)\/[^"'`\s]+)["'`]/g,
          ]
        : [];
  for (const pattern of patterns) {
    for (const match of body.matchAll(pattern)) {
      const reference = match[1] ?? '';
      if (/^(data|mailto|tel|javascript):/.test(reference) || reference.startsWith('#')) continue;
      const base = /^(assets|private|host)\//.test(reference) ? new URL('/', from) : from;
      let url: URL;
      try {
        url = new URL(reference, base);
      } catch {
        continue;
      }
      if (url.origin === from.origin) found.push(url.pathname);
    }
  }
  return found;
}

interface Fetched {
  path: string;
  status: number;
  type: string;
  robots: string | null;
  text: string;
}

/** Fetches `/` and `/host` and everything they reference, transitively, without cookies. */
async function crawl(origin: string): Promise<Map<string, Fetched>> {
  const fetched = new Map<string, Fetched>();
  const queue = ['/', '/host'];
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    if (fetched.has(path)) continue;
    const url = new URL(path, origin);
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    const isText = /text|javascript|json|svg/.test(type);
    const text = isText ? await response.text() : '';
    if (!isText) await response.arrayBuffer();
    fetched.set(path, {
      path,
      status: response.status,
      type,
      robots: response.headers.get('x-robots-tag'),
      text,
    });
    if (response.status === 200) queue.push(...references(text, type, url));
  }
  return fetched;
}

/** Signs `phone` in through the API; the `Cookie` header with the server's own session cookie. */
async function sessionCookieFor(phone: string): Promise<string> {
  const sent = await site.api('/otps/sms/login_or_create', DEVELOPMENT_PUBLIC_TOKEN, {
    phone_number: phone,
  });
  const methodId = (sent.body as { method_id: string }).method_id;
  const session = await site.api('/otps/authenticate', DEVELOPMENT_PUBLIC_TOKEN, {
    token: await site.velvet.lastCode(phone),
    method_id: methodId,
    session_duration_minutes: 60,
  });
  const token = (session.body as { session_token: string }).session_token;
  return `velvet_site_session=${encodeURIComponent(token)}`;
}

/** Every photo URL the invitation uses: each size and format, and the footer image. */
function photoPaths(): string[] {
  const paths = invitation.photos.flatMap((photo) => [
    `/${photo.file}.jpg`,
    ...[400, 800].flatMap((width) =>
      ['avif', 'webp'].map((format) => `/${photo.file}-${width}w.${format}`),
    ),
    `/${photo.file}-400w.jpg`,
  ]);
  return [
    ...paths,
    `/${invitation.footer.image.file}.png`,
    `/${invitation.footer.image.file}.webp`,
  ];
}

test('every public asset, followed from the page, holds nothing private and says noindex', async () => {
  const fetched = await crawl(site.url);
  const publicFiles = [...fetched.values()].filter((file) => file.status === 200);
  const paths = publicFiles.map((file) => file.path);
  // The crawl reached the page, its script and styles, the icon and the preview image.
  expect(paths).toContain('/');
  expect(paths.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  expect(paths.some((path) => /^\/assets\/.+\.css$/.test(path))).toBe(true);
  expect(paths).toContain('/favicon.svg');
  expect(paths).toContain('/preview-card.jpg');
  // …and the lazy chunks: the sign-in widget's and the invitation's styles.
  expect(paths.some((path) => /^\/assets\/SignInWidget-.+\.js$/.test(path))).toBe(true);
  expect(paths.some((path) => /^\/assets\/Invitation-.+\.css$/.test(path))).toBe(true);

  for (const file of publicFiles) {
    expect(leaks(file.text), `private text in ${file.path}`).toEqual([]);
    expect(file.robots, `X-Robots-Tag of ${file.path}`).toBe('noindex, nofollow');
    expect(file.path.startsWith('/private/'), `${file.path} served without a session`).toBe(false);
    expect(file.path.startsWith('/host/'), `${file.path} served without a session`).toBe(false);
  }
  // The hosts' page is the public page itself: the app shows its sign-in there.
  expect(fetched.get('/host')?.text).toBe(fetched.get('/')?.text);

  // The page's own scripts refer to the invitation's chunk, refused (401), and to the hosts'
  // page's chunks, which are as absent (404) as a file the server does not have.
  const refused = [...fetched.values()].filter((file) => file.status !== 200);
  const privateChunks = refused.filter((file) => file.path.startsWith('/private/'));
  const hostChunks = refused.filter((file) => file.path.startsWith('/host/'));
  expect(privateChunks.length).toBeGreaterThan(0);
  expect(hostChunks.some((file) => /^\/host\/HostPage-.+\.js$/.test(file.path))).toBe(true);
  for (const file of refused) {
    expect(file.path, `${file.path} answered ${file.status}`).toMatch(/^\/(private|host)\//);
    expect(file.status).toBe(file.path.startsWith('/host/') ? 404 : 401);
    expect(leaks(file.text)).toEqual([]);
  }

  // The public page: one generic title, description and image; noindex; no structured data.
  const html = fetched.get('/')?.text ?? '';
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toContain('<title>A private invitation</title>');
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  expect(html).toContain(`<meta property="og:image" content="${site.url}/preview-card.jpg"`);
  expect(html).toContain(`content="${DEVELOPMENT_PUBLIC_TOKEN}"`);
  expect(html).not.toContain('application/ld+json');
  expect(html).not.toMatch(/itemscope|itemtype/);
});

/** The calendar files: the whole party's and each event's. */
function calendarPaths(): string[] {
  return [
    PARTY_CALENDAR_PATH,
    ...calendarEntries(invitation).map((entry) => eventCalendarPath(entry.event.id)),
  ];
}

test('the invitation chunk, its content, the photos and the calendar files are for invited guests only', async () => {
  const fetched = await crawl(site.url);
  const chunks = [...fetched.keys()].filter((path) => path.startsWith('/private/'));
  const privatePaths = [
    ...new Set([...chunks, INVITATION_CONTENT_PATH, ...photoPaths(), ...calendarPaths()]),
  ];

  for (const path of privatePaths) {
    const response = await fetch(new URL(path, site.url));
    expect(response.status, `${path} without a session`).toBe(401);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(leaks(await response.text()), `${path} without a session`).toEqual([]);
  }
  const strangerCookie = await sessionCookieFor('+14155550901');
  site.guests('add', '+14155550902', 'Invited Guest');
  const guestCookie = await sessionCookieFor('+14155550902');
  for (const path of privatePaths) {
    const stranger = await fetch(new URL(path, site.url), { headers: { cookie: strangerCookie } });
    expect(stranger.status, `${path} for a user not on the list`).toBe(401);
    expect(leaks(await stranger.text()), `${path} for a user not on the list`).toEqual([]);
    const guest = await fetch(new URL(path, site.url), { headers: { cookie: guestCookie } });
    expect(guest.status, `${path} for an invited guest`).toBe(200);
    expect(guest.headers.get('cache-control')).toBe('private, no-cache');
    if (path.endsWith('.ics')) {
      expect(guest.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(await guest.text()).toContain('BEGIN:VCALENDAR');
    } else if (path === INVITATION_CONTENT_PATH) {
      // The content holds the invitation: the strings the public crawl looked for are there.
      expect(guest.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(leaks(await guest.text())).toContain(invitation.names);
    } else if (path.startsWith('/private/')) {
      // The chunk holds the invitation's code, none of its words: they come from the database.
      expect(leaks(await guest.text()), path).toEqual([]);
    } else {
      expect(guest.headers.get('content-type')).toMatch(/^image\//);
      await guest.arrayBuffer();
    }
  }
});

test('nothing a page script can read after a sign-in opens the invitation from elsewhere', async ({
  page,
}) => {
  const phone = '+14155550903';
  site.guests('add', phone, 'Invited Reader');
  await page.goto(site.url);
  await signInThroughWidget(page, site, phone);
  await expect(page.getByRole('heading', { level: 1, name: invitation.names })).toBeVisible();
  const privateUrls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith('/private/')),
  );
  expect(privateUrls.length).toBeGreaterThan(0);

  // What an injected script could copy out: the cookies it sees, and every token-shaped string
  // in the cookies and storage, tried as the site's cookie and as a session in Basic auth.
  const documentCookie = await page.evaluate(() => document.cookie);
  const candidates = [...new Set((await scriptReadable(page)).match(/[\w.-]{20,}/g) ?? [])];
  /** A candidate as a failure names it: its start only, in case it is a secret after all. */
  const shown = (candidate: string) => `${candidate.slice(0, 6)}…`;
  expect(candidates.length).toBeGreaterThan(0);
  for (const url of privateUrls) {
    const copied = await fetch(url, { headers: { cookie: documentCookie } });
    expect(copied.status, `${url} with document.cookie`).toBe(401);
    for (const candidate of candidates) {
      const cookie = `velvet_site_session=${encodeURIComponent(candidate)}`;
      const answer = await fetch(url, { headers: { cookie } });
      expect(answer.status, `${url} with ${shown(candidate)} as the session cookie`).toBe(401);
    }
  }
  for (const candidate of candidates) {
    const answer = await site.api('/sessions/authenticate', candidate);
    expect(answer.status, `${shown(candidate)} as a session`).not.toBe(200);
  }

  // The browser's own HttpOnly cookie, which no script reads, is what opens it.
  const real = await serverSessionCookie(page);
  const opened = await fetch(privateUrls[0] ?? '', {
    headers: { cookie: `velvet_site_session=${real?.value}` },
  });
  expect(opened.status).toBe(200);
});

/** The hosts' API as the page calls it: every route a stranger might guess. */
const HOST_API_PATHS = [
  '/host/api/me',
  '/host/api/guests',
  '/host/api/guests?q=Invited',
  '/host/api/guests.csv',
  '/host/api/content',
  '/host/api/photos',
  '/host/api/hosts',
  '/host/api/audit',
];

test('the hosts’ page’s chunks and API are as absent as a missing file to anyone but a host', async () => {
  const fetched = await crawl(site.url);
  const hostFiles = [...fetched.keys()].filter((path) => path.startsWith('/host/'));
  expect(hostFiles.length).toBeGreaterThan(0);
  site.guests('add', '+14155550904', 'Invited Onlooker');
  const visitors = {
    anonymous: '',
    'a user not on the list': await sessionCookieFor('+14155550905'),
    'an invited guest': await sessionCookieFor('+14155550904'),
  };
  const missing = await fetch(new URL('/host/no-such-file.js', site.url));
  const missingText = (await missing.text()).replace(/request-id-[0-9a-f-]+/g, '');
  for (const [who, cookie] of Object.entries(visitors)) {
    const headers = cookie ? { cookie } : undefined;
    for (const path of [...hostFiles, ...HOST_API_PATHS]) {
      const response = await fetch(new URL(path, site.url), { headers });
      const text = await response.text();
      expect(response.status, `${path} for ${who}`).toBe(404);
      expect(text.replace(/request-id-[0-9a-f-]+/g, ''), `${path} for ${who}`).toBe(missingText);
      expect(text, `${path} for ${who}`).not.toContain('Invited Onlooker');
      expect(text, `${path} for ${who}`).not.toContain('+14155550904');
    }
    // A change is no different.
    const change = await fetch(new URL('/host/api/guests', site.url), {
      method: 'POST',
      headers: { ...headers, origin: site.url, 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+14155550906', name: 'Gate Crasher' }),
    });
    expect(change.status, `a new guest from ${who}`).toBe(404);
  }
  expect(site.guests('list')).not.toContain('Gate Crasher');
});

import { expect } from '@open-wc/testing';
import { FALLBACK_BOOTSTRAP } from '../client/bootstrap.js';
import { toBootstrapData } from '../client/bootstrap-data.js';
import { PERSISTENT_ID_STORAGE_KEY, SDK_IDENTIFIER, SDK_VERSION } from '../client/constants.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import { PERSISTENT_ID_KEY, SDK, sendEvent } from './main-screen-calls.js';
import { readBootstrap } from './read-bootstrap.js';

const SERVER_BOOTSTRAP = {
  request_id: 'request-id-test-1',
  status_code: 200,
  project_name: 'Velvet Party',
  email_domains: ['velvet.test'],
  password_config: { luds_complexity: 3, luds_minimum_count: 10 },
  sms_allowed_countries: ['US', 'CA'],
  origin_allowed: false,
  origin_message: 'This page’s origin, https://elsewhere.test, is not authorized.',
};

const FIELDS = ['smsAllowedCountries', 'emailDomains', 'passwordConfig', 'originNotAllowed'];

/** The picked fields of a full `BootstrapData`. */
function picked(data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => FIELDS.includes(key)));
}

const realFetch = globalThis.fetch;
let requests: { url: string; init: RequestInit | undefined }[] = [];

/** Answers every `fetch` with `answer` (or fails it), recording the requests. */
function stubFetch(answer: () => Response): void {
  requests = [];
  globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input), init });
    return answer();
  };
}

describe('the main screen’s calls without the client library', () => {
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads bootstrap as the client library does, with a plain GET', async () => {
    stubFetch(() => Response.json({ data: SERVER_BOOTSTRAP }));
    const read = await readBootstrap('public-token-test-calls', 'https://id.velvet.test/');
    expect(read).to.deep.equal(picked(toBootstrapData(SERVER_BOOTSTRAP)));
    expect(requests.map(({ url }) => url)).to.deep.equal([
      'https://id.velvet.test/sdk/v1/projects/bootstrap/public-token-test-calls',
    ]);
    // A plain GET (no method, headers or credentials), given up after a while.
    expect(Object.keys(requests[0]?.init ?? {})).to.deep.equal(['signal']);
  });

  it('falls back as the client library does when the server fails or cannot be reached', async () => {
    stubFetch(() => Response.json({ error_type: 'invalid_public_token' }, { status: 404 }));
    expect(await readBootstrap('public-token-test-calls', undefined)).to.deep.equal(
      picked(FALLBACK_BOOTSTRAP),
    );
    expect(requests[0]?.url).to.equal(
      `${location.origin}/sdk/v1/projects/bootstrap/public-token-test-calls`,
    );
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await readBootstrap('public-token-test-calls', undefined)).to.deep.equal(
      picked(FALLBACK_BOOTSTRAP),
    );
  });

  it('sends an event as the client library’s telemetry does, naming its project', async () => {
    stubFetch(() => Response.json({ data: { accepted: 1 } }));
    sendEvent('public-token-test-calls', 'https://id.velvet.test', 'render_login_screen', {
      products: ['otp'],
    });
    expect(requests).to.have.length(1);
    const [request] = requests;
    expect(request?.url).to.equal('https://id.velvet.test/sdk/v1/events');
    expect(request?.init?.method).to.equal('POST');
    expect(request?.init?.keepalive).to.equal(true);
    const body = JSON.parse(String(request?.init?.body)) as {
      events: { telemetry: Record<string, unknown>; event: Record<string, unknown> }[];
    };
    expect(body.events).to.have.length(1);
    const [{ telemetry, event }] = body.events as [(typeof body.events)[0]];
    expect(event).to.deep.equal({
      public_token: 'public-token-test-calls',
      event_name: 'render_login_screen',
      details: { products: ['otp'] },
    });
    expect(telemetry.sdk).to.deep.equal({ identifier: SDK_IDENTIFIER, version: SDK_VERSION });
    expect(telemetry.persistent_id).to.equal(localStorage.getItem(PERSISTENT_ID_STORAGE_KEY));
    expect(telemetry.event_id).to.match(/^event-id-/);
    expect(telemetry.app_session_id).to.match(/^app-session-id-/);
    expect(telemetry.app).to.deep.equal({ identifier: location.host });
  });

  it('keeps the client library’s names', () => {
    expect(SDK).to.deep.equal({ identifier: SDK_IDENTIFIER, version: SDK_VERSION });
    expect(PERSISTENT_ID_KEY).to.equal(PERSISTENT_ID_STORAGE_KEY);
  });
});

/**
 * A steady load of SMS sign-ins against a server process, for outage tests: a few workers each
 * send a passcode, read it from the development outbox and sign in, over and over, and keep
 * every answer's status and every session the server acknowledged (a sign-in answered 200).
 */
import { unwrapSuccess } from './api-assertions.js';
import { basicAuth } from './test-server.js';

/** The public token of the load's project (see `LOAD_CONFIG`). */
export const LOAD_PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-velvetoutage';

/** A limit the load never meets. */
const UNLIMITED = { max: 1_000_000, windowMinutes: 1 };

/** A config file with one project that sends passcodes by SMS with no limit the load meets. */
export const LOAD_CONFIG = {
  projects: [
    {
      name: 'Outage',
      publicToken: LOAD_PUBLIC_TOKEN,
      products: ['otp'],
      otp: {
        methods: ['sms'],
        sendLimits: { perDestination: UNLIMITED, perIp: UNLIMITED },
        authenticateLimit: { perIp: UNLIMITED },
      },
      sms: { maxPerHour: 1_000_000 },
    },
  ],
};

/** One answer the server gave, or `0` for none (the connection failed). */
export interface LoadAnswer {
  readonly path: string;
  readonly status: number;
  readonly retryAfter: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, as sent.
  readonly body: any;
}

/** A running load. */
export interface SignInLoad {
  /** Every answer so far, in order. */
  readonly answers: readonly LoadAnswer[];
  /** The session tokens of every sign-in answered 200. */
  readonly sessions: readonly string[];
  /** Stops the workers and waits for the calls under way. */
  stop(): Promise<void>;
}

/** Starts `workers` workers signing in to the server at `url`. */
export function startSignInLoad(url: string, workers = 4): SignInLoad {
  const answers: LoadAnswer[] = [];
  const sessions: string[] = [];
  let stopped = false;
  let next = 0;
  const authorization = basicAuth(LOAD_PUBLIC_TOKEN, LOAD_PUBLIC_TOKEN);

  const call = async (path: string, init: RequestInit = {}): Promise<LoadAnswer> => {
    let answer: LoadAnswer;
    try {
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: { authorization, 'content-type': 'application/json' },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text for the failure message.
      }
      answer = {
        path,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body,
      };
    } catch (error) {
      answer = { path, status: 0, retryAfter: null, body: String(error) };
    }
    answers.push(answer);
    return answer;
  };
  const post = (path: string, body: unknown) =>
    call(`/sdk/v1${path}`, { method: 'POST', body: JSON.stringify(body) });

  /** The passcode sent to `phone`, once the outbox answers (it reads the database too). */
  const codeFor = async (phone: string): Promise<string | undefined> => {
    while (!stopped) {
      const listed = await call(`/dev/outbox?to=${encodeURIComponent(phone)}`);
      const text: unknown = listed.status === 200 ? listed.body?.messages?.[0]?.text : undefined;
      const code = typeof text === 'string' ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
      if (code) return code;
      if (listed.status === 0) return undefined;
    }
    return undefined;
  };

  const signIn = async (): Promise<void> => {
    const phone = `+1415555${String(1000 + (next++ % 9000)).padStart(4, '0')}`;
    const sent = await post('/otps/sms/login_or_create', { phone_number: phone });
    if (sent.status !== 200) return;
    const code = await codeFor(phone);
    if (!code) return;
    const signedIn = await post('/otps/authenticate', {
      token: code,
      method_id: unwrapSuccess(sent.body).method_id,
      session_duration_minutes: 60,
    });
    if (signedIn.status === 200) sessions.push(unwrapSuccess(signedIn.body).session_token);
  };

  const worker = async () => {
    while (!stopped) await signIn();
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    answers,
    sessions,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * The answers of `answers` that an outage may not give: anything but a success or a `503` with
 * `Retry-After` and the `database_unavailable` type (no answer at all, a 500, a 4xx).
 */
export function badAnswers(answers: readonly LoadAnswer[]): LoadAnswer[] {
  return answers.filter(
    (answer) =>
      answer.status !== 200 &&
      !(
        answer.status === 503 &&
        answer.retryAfter !== null &&
        Number(answer.retryAfter) > 0 &&
        answer.body?.error_type === 'database_unavailable'
      ),
  );
}

/**
 * Authenticates the session of `sessionToken` (sent as the Basic secret, as the SDK does): the
 * status of `POST /sdk/v1/sessions/authenticate`.
 */
export async function sessionStatus(url: string, sessionToken: string): Promise<number> {
  const response = await fetch(`${url}/sdk/v1/sessions/authenticate`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(LOAD_PUBLIC_TOKEN, sessionToken),
      'content-type': 'application/json',
    },
    body: '{}',
  });
  await response.body?.cancel();
  return response.status;
}

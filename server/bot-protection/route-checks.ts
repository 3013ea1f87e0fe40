/**
 * What each route of the SDK checks or reveals, and from it whether the project's captcha guards
 * the route. Every `/sdk/v1` route declares `config: {checks: '…'}`; the bot-protection hook
 * derives the guard from the declaration (`isGuarded`), and the app refuses to start with an SDK
 * route that declares nothing (`assertDeclaresChecks`), so a new route that checks a password or
 * looks an account up cannot forget the captcha: it has to say what it checks, and the answer
 * decides.
 *
 * The rule: a route is guarded when a bot could use it to guess a secret a person chose or reads
 * (a password, a TOTP or recovery code), to learn whether an account exists, or to make the
 * server send or start something (a passcode, a link, a reset email, a passkey or wallet
 * challenge). A route is exempt when what it checks cannot be guessed and was itself made behind
 * the captcha: a signature of a challenge a guarded start issued, a token the server or a trusted
 * issuer minted, or a session; and the passcode check, whose 6-digit code exists only after a
 * guarded send and dies after a few wrong tries (docs/throttling-and-security.md, "Bot protection (captcha)").
 */

/** Each declaration a route may make, and whether the captcha guards a route that makes it. */
export const ROUTE_CHECKS = {
  /** Sends a secret to an address (a passcode, a magic link, a password-reset email). */
  send: true,
  /** Starts a passkey or wallet sign-in, answering with a challenge. */
  challenge: true,
  /** Checks, sets or resets a password (every password route but the strength check). */
  password: true,
  /** Tells whether an account exists or what kind it is (`users/search`). */
  account: true,
  /** Checks a code the person reads from an app or a list (TOTP, recovery codes). */
  code: true,
  /** Checks a passcode that a guarded send delivered; each dies after a few wrong tries. */
  passcode: false,
  /** Checks a signature of a challenge that a guarded start issued (passkeys, wallets). */
  signature: false,
  /**
   * Checks a token the server or a trusted issuer minted, too long to guess (a magic-link,
   * OAuth, impersonation or access token, a trusted token, a One Tap credential).
   */
  token: false,
  /** Checks only the caller's session (made by a sign-in the captcha guarded). */
  session: false,
  /** Checks no secret and reveals no account (bootstrap, keys, telemetry, strength check). */
  nothing: false,
} as const;

/** What a route checks or reveals (see {@link ROUTE_CHECKS}). */
export type RouteChecks = keyof typeof ROUTE_CHECKS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route checks or reveals; every SDK route declares it (`route-checks.ts`). */
    checks?: RouteChecks;
  }
}

/** Whether a route that declares `checks` is guarded by the project's captcha. */
export function isGuarded(checks: unknown): boolean {
  return Object.hasOwn(ROUTE_CHECKS, String(checks)) && ROUTE_CHECKS[checks as RouteChecks];
}

/**
 * Throws, at start, for a route that does not declare what it checks (or declares something
 * {@link ROUTE_CHECKS} does not know). Preflights (`OPTIONS`) check nothing and need not declare.
 */
export function assertDeclaresChecks(route: {
  method: string | string[];
  url: string;
  config?: unknown;
}): void {
  if ([route.method].flat().every((method) => method === 'OPTIONS')) return;
  const checks = (route.config as { checks?: unknown } | undefined)?.checks;
  if (typeof checks === 'string' && Object.hasOwn(ROUTE_CHECKS, checks)) return;
  throw new Error(
    `${[route.method].flat().join(',')} ${route.url} declares no config.checks: say what it ` +
      `checks or reveals (${Object.keys(ROUTE_CHECKS).join(', ')}), see route-checks.ts`,
  );
}

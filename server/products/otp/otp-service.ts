/**
 * The passcode products: send a code (login_or_create, primary, secondary)
 * over SMS, WhatsApp or email, and check it. Every rule of the spec lives
 * here; the routes only translate HTTP.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/database.js';
import { newId, stableId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import type { Executor } from '../../db/prepared.js';
import { type Channel, DeliveryError, type DeliveryRoutes } from '../../delivery/delivery.js';
import type { MessageLocale } from '../../delivery/message-locale.js';
import { type AfterAnswer, afterThisTurn } from '../../http/after-answer.js';
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import { clientKey } from '../../rate-limit/client-key.js';
import { type FailureThrottle, subjectBudgetBucket } from '../../rate-limit/failure-throttle.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { countSend } from '../../rate-limit/send-limits.js';
import type { IssuedSession, SessionService } from '../sessions/index.js';
import { type SessionRecord, sessionRow } from '../sessions/index.js';
import {
  assertCountryAllowed,
  assertTextable,
  DuplicateDestinationError,
  type MethodRecord,
  type NormalizedPhone,
  normalizeEmail,
  normalizePhone,
  type UserRecord,
  type UsersRepository,
  withMethodVerified,
} from '../users/index.js';
import { MAX_TRIES_PER_PASSCODE, OTP_FAILURE_POLICY } from './otp-limits.js';
import { generatePasscode, hashPasscode, passcodeMatches } from './passcode-crypto.js';
import { passcodeMessage } from './passcode-message.js';
import type { PasscodeSuccessStatement } from './passcode-success.js';
import type { CheckRead, PasscodeRecord, PasscodesRepository } from './passcodes-repository.js';
import { TextBreaker } from './text-breaker.js';
import './otp-errors.js';

/** How a send finds its user. */
export type SendMode = 'login_or_create' | 'primary' | 'secondary';

/** A request to send a passcode. */
export interface SendRequest {
  project: Project;
  channel: Channel;
  mode: SendMode;
  /** The phone number (sms, whatsapp) or email address as the caller typed it. */
  destination: string;
  expirationMinutes?: number;
  /** The caller's session; required for `secondary`. */
  session?: SessionRecord;
  ip: string;
  /** The host of the page asking, for the SMS one-time-code line. */
  originHost?: string;
  /** The language of the message; English when absent. */
  locale?: MessageLocale;
  /** Runs the background work of `primary` once the answer is out (after this turn by default). */
  afterAnswer?: AfterAnswer;
}

/** What a send reports. */
export interface SendResult {
  userId: string;
  methodId: string;
  kind: MethodRecord['kind'];
  userCreated: boolean;
}

/** A request to check a passcode. */
export interface AuthenticateRequest {
  project: Project;
  methodId: string;
  code: string;
  sessionDurationMinutes?: number;
  session?: SessionRecord;
  ip: string;
  userAgent: string;
}

/** The repositories the passcode service reads and writes. */
export interface OtpStorage {
  /** The database, for the check's transaction. */
  readonly db: Db;
  /** Which database it is (the check counts its address in its own commit on SQLite). */
  readonly dialect: Dialect;
  readonly users: UsersRepository;
  readonly passcodes: PasscodesRepository;
  /** Wrong checks per (destination, client), with the per-destination backstop. */
  readonly throttle: FailureThrottle;
  /** On PostgreSQL, a right passcode's writes in one statement (see `PasscodeSuccessStatement`). */
  readonly success?: PasscodeSuccessStatement;
}

/** Sends and checks passcodes. */
export class OtpService {
  /** The circuit breaker on texts to new numbers (see `#mayText`). */
  private readonly breaker: TextBreaker;

  constructor(
    private readonly store: OtpStorage,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly delivery: DeliveryRoutes,
    private readonly secret: string,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
    /** During a rotation, the secret before `secret`: the codes it keyed still check. */
    private readonly previousSecret?: string,
  ) {
    this.breaker = new TextBreaker(limiter, clock, log);
  }

  /**
   * Sends a new passcode, superseding the destination's earlier one. `send/primary` and
   * `send/secondary` answer alike whether the destination is listed, known or new, and send only
   * where they should (see `#method`); so does every text send of a project that texts only its
   * guest list (see `#mayText`). `send/primary` answers in the same time whether or not the
   * destination signs anyone in (see `UsersRepository.findByDestination`): the code is stored
   * and sent in the background, and only to a destination that signs someone in; for any other
   * the answer names a user and a `method_id` that exist nowhere (checking a code against it
   * fails as a wrong code does).
   */
  async send(request: SendRequest): Promise<SendResult> {
    const { project, channel } = request;
    const settings = project.settings;
    this.#assertCanSend(settings, channel);
    const kind = channel === 'email' ? 'email' : 'phone';
    const { destination, phone } = sendDestination(kind, request.destination, settings);
    const client = clientKey(this.secret, request.ip);
    const { sendLimits } = settings.otp;
    await this.limiter.hit(
      `otp-send:ip:${project.projectId}:${request.ip}`,
      sendLimits.perIp,
      'otp_send_rate_limited',
    );
    // Per destination and client, with the destination's backstop: a stranger's requests never
    // use up the guest's own (see `countSend`).
    await countSend(
      this.limiter,
      {
        scope: `otp-send:${project.projectId}`,
        destination,
        client,
        perDestination: sendLimits.perDestination,
        errorType: 'otp_send_rate_limited',
      },
      () => this.store.throttle.isTrusted(`otp:${project.projectId}`, destination, client),
    );

    const now = this.clock();
    // Who the destination signs in, read once and before anything is written: a send the breaker
    // refuses, or one answered without sending, creates no user and no claim.
    const holder =
      phone || request.mode === 'primary'
        ? await this.store.users.findByDestination(project.projectId, kind, destination)
        : undefined;
    const mayText = phone ? await this.#mayText(project, phone, holder) : true;
    // Only `send/secondary` answers with the caller's user.
    const caller = request.mode === 'secondary' ? request.session?.userId : undefined;
    if (!mayText) return this.#sendNothing(request, kind, destination, caller);
    const method = await this.#method(request, kind, destination, now, holder);
    if (!method) return this.#sendNothing(request, kind, destination, caller);
    // `send/primary`, and a project texting only its guest list, start the code once the answer
    // is out, as they answer a destination they send nothing to: the timing tells nothing either.
    if (request.mode === 'primary' || (phone && settings.sms.guestListOnly)) {
      (request.afterAnswer ?? afterThisTurn)(() => {
        this.#issue(request, method, destination, now).catch((error: unknown) => {
          if (!(error instanceof ApiError)) this.log.error({ err: error }, 'passcode not sent');
        });
      });
    } else {
      await this.#issue(request, method, destination, now);
    }
    return {
      userId: method.userId,
      methodId: method.methodId,
      kind,
      userCreated: 'created' in method && method.created === true,
    };
  }

  /** Refuses a send by `channel` when the project has not enabled it or nothing delivers it. */
  #assertCanSend(settings: Project['settings'], channel: Channel): void {
    if (!settings.products.includes('otp') || !settings.otp.methods.includes(channel)) {
      throw new ApiError(
        'product_not_enabled',
        `Passcodes by ${channel} are not enabled for this project.`,
      );
    }
    if (!this.delivery[channel]) {
      throw new ApiError('product_not_enabled', `No delivery is set up for ${channel}.`);
    }
  }

  /**
   * Whether a text may go to `phone`, whose sign-in row is `holder`. A project with
   * `sms.guestListOnly` texts numbers on the guest list only (false for any other: the send
   * answers as if it sent). Otherwise every number may be texted, and the breaker counts those
   * neither on the list nor signed in before, refusing them while it is open: so no stranger can
   * pause a guest's codes.
   * @throws ApiError `otp_send_rate_limited` from the breaker.
   */
  async #mayText(
    project: Project,
    phone: NormalizedPhone,
    holder: MethodRecord | undefined,
  ): Promise<boolean> {
    // The list decides alone, read for every number alike: the timing says nothing of it.
    if (project.settings.sms.guestListOnly) return this.#onGuestList(project, holder);
    // A number that signed in before: no breaker, and no read of the list.
    if (holder?.verified) return true;
    const listed = holder !== undefined && (await this.#onGuestList(project, holder));
    if (!listed) await this.breaker.count(project, phone);
    return true;
  }

  /**
   * Whether the user `holder` signs in is on the guest list (`trusted_metadata.invited`, which
   * only the hosts set, see docs/hosting-the-site.md, "The guest list"), signed in yet or not; false for no holder
   * (after the same read, for a user that exists nowhere).
   */
  async #onGuestList(project: Project, holder: MethodRecord | undefined): Promise<boolean> {
    const metadata = await this.store.users.findTrustedMetadata(
      project.projectId,
      holder?.userId ?? '',
    );
    return holder !== undefined && metadata?.invited === true;
  }

  /**
   * The answer of a send that sends nothing (a `send/primary` to a destination that signs
   * nobody in, a `send/secondary` to one another user holds verified, a number not on the guest
   * list of a project texting only it): shaped as a real one, with the work of making a code, and
   * ids that exist nowhere (`userId` when the caller's), the same each time for the destination,
   * as a real one's are.
   */
  #sendNothing(
    request: SendRequest,
    kind: MethodRecord['kind'],
    destination: string,
    userId: string | undefined,
  ): SendResult {
    const { environment, projectId } = request.project;
    const seed = `${projectId}:${kind}:${destination}`;
    const idKind = kind === 'phone' ? 'phone-number' : 'email';
    const methodId = stableId(idKind, environment, this.secret, seed);
    hashPasscode(this.secret, methodId, generatePasscode());
    return {
      userId: userId ?? stableId('user', environment, this.secret, seed),
      methodId,
      kind,
      userCreated: false,
    };
  }

  /** Stores a new code for `method` and sends it; rejects with `delivery_failed`. */
  async #issue(
    request: SendRequest,
    method: MethodRecord,
    destination: string,
    now: number,
  ): Promise<void> {
    const { project, channel } = request;
    const settings = project.settings;
    const expirationMinutes = request.expirationMinutes ?? settings.otp.defaultExpirationMinutes;
    const code = generatePasscode();
    await this.store.passcodes.create({
      passcodeId: newId('passcode', project.environment),
      projectId: project.projectId,
      methodId: method.methodId,
      userId: method.userId,
      channel,
      destination,
      codeHash: hashPasscode(this.secret, method.methodId, code),
      expiresAt: now + expirationMinutes * 60_000,
      createdAt: now,
      client: clientKey(this.secret, request.ip),
    });
    const adapter = this.delivery[channel];
    if (!adapter)
      throw new ApiError('product_not_enabled', `No delivery is set up for ${channel}.`);
    const message = passcodeMessage({
      channel,
      code,
      expirationMinutes,
      projectName: project.name,
      originHost: request.originHost,
      locale: request.locale,
    });
    try {
      const receipt = await adapter.send({ channel, to: destination, ...message });
      this.log.info(
        { channel, adapter: adapter.name, receipt: receipt.id, methodId: method.methodId },
        'passcode sent',
      );
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      this.log.warn(
        { channel, adapter: adapter.name, vendorCode: error.vendorCode, err: error.message },
        'passcode delivery failed',
      );
      throw new ApiError('delivery_failed');
    }
  }

  /**
   * Checks a passcode. On success the destination is verified, its failure
   * count cleared and a session issued (or the caller's session of the same
   * user gains the factor). The check is one transaction: the try is counted, the code checked
   * and spent, and the session stored together (a wrong code's count, or a refusal's, commits
   * before the error is thrown), and the JWT is signed after it commits. The per-address limit
   * is counted in that transaction on SQLite and just before it on PostgreSQL, where a right
   * code is written by one statement instead when it can be (see `#succeedInOneStatement`).
   */
  async authenticate(request: AuthenticateRequest): Promise<{
    method: MethodRecord;
    issued: IssuedSession;
    /** The user as the check left it (undefined for a secondary factor). */
    user?: UserRecord;
  }> {
    const { project } = request;
    const duration = this.sessions.resolveDuration(project, request.sessionDurationMinutes);
    const countAddress = (on?: Executor) =>
      this.limiter.hit(
        `otp-auth:ip:${project.projectId}:${request.ip}`,
        project.settings.otp.authenticateLimit.perIp,
        'too_many_requests',
        on,
      );
    // On SQLite every write transaction holds the one write lock anyway, so the address is
    // counted in the check's own commit. On PostgreSQL it commits first, on its own: the check's
    // transaction would otherwise hold the address's row, and checks from one address (a guest
    // list behind one NAT) would queue on it.
    const addressInCheck = this.store.dialect === 'sqlite';
    if (!addressInCheck) await countAddress();
    const scope = `otp:${project.projectId}`;
    const client = await this.#checkingClient(request, scope);
    const inOneStatement = await this.#succeedInOneStatement(request, client, scope, duration);
    if (inOneStatement) return inOneStatement;
    const checked = await this.store.db
      .transaction()
      .execute((tx) =>
        this.#checkInTransaction(
          request,
          { client, scope, duration },
          addressInCheck ? countAddress : undefined,
          tx,
        ),
      );
    if ('refused' in checked) throw checked.refused;
    if ('failed' in checked) throw new ApiError(checked.failed);
    const { method } = checked;
    if (checked.session) {
      const withFactor = await this.sessions.addFactor(checked.session, checked.factor);
      return { method, issued: await this.sessions.touch(project, withFactor, duration) };
    }
    const { record, token } = checked.started;
    const jwt = await this.sessions.issueJwt(project, record);
    return { method, issued: { record, token, jwt }, user: checked.user };
  }

  /**
   * Whether `code` is the one `storedHash` keeps for `methodId`, under the secret or, during a
   * rotation, the previous one (both compared whatever the first says: the timing tells nothing).
   */
  #matches(methodId: string, code: string, storedHash: string): boolean {
    const now = passcodeMatches(this.secret, methodId, code, storedHash);
    if (!this.previousSecret) return now;
    return passcodeMatches(this.previousSecret, methodId, code, storedHash) || now;
  }

  /**
   * The client key a check of `request` goes by: the address's under the secret, or during a
   * rotation under the previous one when only that one asked for a code still pending (a code
   * belongs to the client that asked, and the key of an address changes with the secret).
   */
  async #checkingClient(request: AuthenticateRequest, scope: string): Promise<string> {
    const client = clientKey(this.secret, request.ip);
    if (!this.previousSecret) return client;
    const pending = (key: string) =>
      this.store.passcodes
        .forCheck(request.methodId, key, scope)
        .then((read) => read?.passcode !== undefined);
    if (await pending(client)) return client;
    const previous = clientKey(this.previousSecret, request.ip);
    return (await pending(previous)) ? previous : client;
  }

  /**
   * The check's transaction (see `authenticate`): counts the address with `countAddress` when
   * given, reads the method and the client's code, counts the try, spends a right code and starts the
   * session. A refusal or a wrong code resolves to what the transaction commits before it is
   * thrown.
   */
  async #checkInTransaction(
    request: AuthenticateRequest,
    check: CheckKeys,
    countAddress: ((on: Executor) => Promise<void>) | undefined,
    tx: Db,
  ): Promise<CheckOutcome> {
    // A refusal (the address's limit, the client's wait) commits what it counted.
    const refusal = await refusedBy(async () => {
      if (countAddress) await countAddress(tx);
    });
    if (refusal) return refusal;
    // The method, its user, this client's current code and its failure guard, in one query.
    const read = await this.store.passcodes.forCheck(
      request.methodId,
      check.client,
      check.scope,
      tx,
    );
    const method = read?.method;
    if (!read || !method || method.projectId !== request.project.projectId) {
      // The same work as a real check, so the answer's timing says nothing.
      this.#matches(request.methodId, request.code, '00');
      return failure('otp_code_not_found');
    }
    // Counted as a failure now, cleared below on success: parallel tries are counted one by one.
    // A check carrying the user's own session is never shut out by others' failures.
    const wait = await refusedBy(() =>
      this.store.throttle.beginTry(
        check.scope,
        method.destination,
        check.client,
        OTP_FAILURE_POLICY,
        {
          on: tx,
          read: { row: read.guard },
          vouched: request.session?.userId === method.userId,
        },
      ),
    );
    if (wait) return wait;
    const now = this.clock();
    // Only the code this client asked for: a stranger can neither guess nor end the guest's.
    const { passcode } = read;
    if (!passcode) return failure('otp_code_not_found');
    const spent = await this.#spend(request.code, method, passcode, now, tx);
    if (spent) return spent;
    return this.#succeedInTransaction(request, check, read, passcode, now, tx);
  }

  /**
   * Spends `passcode`, the client's current code for `method`, when `code` is it, live and
   * within its tries; resolves to `undefined` then. Otherwise resolves to the failure, a wrong
   * code's try counted against the passcode. The code is compared before anything else is
   * looked at, as it always was: the timing says nothing of which rule refused it.
   */
  async #spend(
    code: string,
    method: MethodRecord,
    passcode: PasscodeRecord,
    now: number,
    tx: Db,
  ): Promise<CheckFailure | undefined> {
    const matches = this.#matches(method.methodId, code, passcode.codeHash);
    if (passcode.attempts >= MAX_TRIES_PER_PASSCODE) return failure('otp_attempts_exceeded');
    if (passcode.expiresAt <= now) return failure('otp_code_expired');
    if (!matches) {
      const tries = await this.store.passcodes.recordWrongTry(
        passcode.passcodeId,
        MAX_TRIES_PER_PASSCODE,
        tx,
      );
      return failure(tries === undefined ? 'otp_attempts_exceeded' : 'otp_code_not_found');
    }
    if (!(await this.store.passcodes.consume(passcode.passcodeId, now, MAX_TRIES_PER_PASSCODE, tx)))
      return failure('otp_code_not_found');
    return undefined;
  }

  /**
   * A spent code's success, in the check's transaction: the client's failures cleared, the
   * destination proven, and a session started (or the caller's own session, to gain the factor
   * after the commit).
   */
  async #succeedInTransaction(
    request: AuthenticateRequest,
    check: CheckKeys,
    read: CheckRead,
    passcode: PasscodeRecord,
    now: number,
    tx: Db,
  ): Promise<CheckSuccess> {
    const { method } = read;
    await this.store.throttle.recordSuccess(check.scope, method.destination, check.client, tx);
    const { session, project } = request;
    const withinOwnSession = session?.userId === method.userId;
    // A number that signed in before is verified already: no write. A first proof drops
    // other users' claims, or is refused (the whole check rolls back) when another holds it.
    const { purged } = await this.store.users.prove(method, { now, withinOwnSession }, tx);
    const factor = otpFactor(method, passcode.channel, now);
    if (session && withinOwnSession) return { method, factor, session };
    const started = await this.sessions.insert(
      project,
      method.userId,
      factor,
      check.duration,
      { ip_address: request.ip, user_agent: request.userAgent },
      tx,
    );
    // The user as read before, with what this check changed: no second read unless the proof
    // removed what was set on the account before it.
    const user = purged
      ? await this.store.users.findById(project.projectId, method.userId, tx)
      : method.verified
        ? read.user
        : withMethodVerified(read.user, method);
    return { method, started, user };
  }

  /**
   * On PostgreSQL, a right passcode's check in two round trips instead of the transaction's ten:
   * the check's read, then its writes in one statement (see `PasscodeSuccessStatement`).
   * Resolves to `undefined`, having written nothing, for anything but a right and live code of
   * a client that may try at once, for a first factor only, and for a first proof that would
   * purge the account (see `proof.ts`): the transaction checks those. A first proof that purges
   * nothing drops the other users' claims in the statement.
   */
  async #succeedInOneStatement(
    request: AuthenticateRequest,
    client: string,
    scope: string,
    duration: number,
  ): Promise<Awaited<ReturnType<OtpService['authenticate']>> | undefined> {
    const { project, session } = request;
    const { success } = this.store;
    if (!success || session) return undefined;
    const read = await this.store.passcodes.forCheck(request.methodId, client, scope);
    const passcode = read?.passcode;
    // One comparison whatever was found, as in the transaction: the timing says nothing.
    const matches = this.#matches(request.methodId, request.code, passcode?.codeHash ?? '00');
    // A first proof that removes what was set on the account before (see `proof.ts`): the
    // transaction.
    if (
      !read ||
      !passcode ||
      !matches ||
      read.method.projectId !== project.projectId ||
      read.purgesOnProof
    ) {
      return undefined;
    }
    const { method } = read;
    const now = this.clock();
    if (passcode.attempts >= MAX_TRIES_PER_PASSCODE || passcode.expiresAt <= now) return undefined;
    const guard = this.store.throttle.goesAheadAtOnce(read.guard, OTP_FAILURE_POLICY);
    if (!guard) return undefined;
    const { record, token } = this.sessions.newSession(
      project,
      method.userId,
      otpFactor(method, passcode.channel, now),
      duration,
      { ip_address: request.ip, user_agent: request.userAgent },
    );
    const written = await success.write({
      now,
      guard: { scope, subject: method.destination, client, seen: guard },
      budget: {
        bucket: subjectBudgetBucket(scope, method.destination),
        windowMs: OTP_FAILURE_POLICY.subjectWindowMs,
      },
      passcodeId: passcode.passcodeId,
      maxTries: MAX_TRIES_PER_PASSCODE,
      method,
      firstProof: method.verified
        ? undefined
        : { projectId: method.projectId, destination: method.destination },
      session: sessionRow(record),
    });
    if (!written) return undefined;
    const jwt = await this.sessions.issueJwt(project, record);
    const user = method.verified ? read.user : withMethodVerified(read.user, method);
    return { method, issued: { record, token, jwt }, user };
  }

  /**
   * The method a send goes to: `holder` for `send/primary` (`undefined`, nothing sent, for a
   * destination that signs nobody in). `undefined` for a secondary destination another user holds
   * verified (the answer says nothing of it, and nothing is sent or stored). A destination
   * others only claim pending is the caller's to claim too.
   */
  async #method(
    request: SendRequest,
    kind: MethodRecord['kind'],
    destination: string,
    now: number,
    /** Who `destination` signs in, when the caller looked it up already. */
    holder?: MethodRecord,
  ): Promise<(MethodRecord & { created?: boolean }) | undefined> {
    const { project } = request;
    if (request.mode === 'primary') return holder;
    if (request.mode === 'login_or_create') {
      return holder ?? this.store.users.findOrCreateByDestination(project, kind, destination, now);
    }
    if (!request.session) throw new ApiError('user_unauthenticated');
    try {
      return await this.store.users.addDestination(
        project,
        request.session.userId,
        kind,
        destination,
        now,
      );
    } catch (error) {
      if (error instanceof DuplicateDestinationError) return undefined;
      throw error;
    }
  }
}

/**
 * The refusal `step` throws (an `ApiError`), returned instead so that the transaction commits
 * what was counted before it is thrown; undefined when `step` went through.
 */
async function refusedBy(step: () => Promise<void>): Promise<{ refused: ApiError } | undefined> {
  try {
    await step();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return { refused: error };
    throw error;
  }
}

/**
 * The destination a send goes to, normalized: a phone number (refused outside the project's
 * allowed countries, or when it cannot take texts) with its parsed form, or an email address.
 */
function sendDestination(
  kind: MethodRecord['kind'],
  typed: string,
  settings: Project['settings'],
): { destination: string; phone?: NormalizedPhone } {
  if (kind === 'email') return { destination: normalizeEmail(typed) };
  const phone = normalizePhone(typed);
  assertCountryAllowed(phone, settings.sms.allowedCountries);
  assertTextable(phone);
  return { destination: phone.e164, phone };
}

/** The keys of one check: the client, the throttle's scope and the session's length. */
interface CheckKeys {
  client: string;
  scope: string;
  duration: number;
}

/** A right code's outcome in the check's transaction: a session started, or the caller's own. */
type CheckSuccess =
  | {
      method: MethodRecord;
      started: { record: SessionRecord; token: string };
      user?: UserRecord;
      session?: undefined;
    }
  | { method: MethodRecord; factor: JsonObject; session: SessionRecord };

/** A check that failed: its failure type. */
type CheckFailure = ReturnType<typeof failure>;

/** What the check's transaction resolves to (refusals and failures commit, then are thrown). */
type CheckOutcome = { refused: ApiError } | CheckFailure | CheckSuccess;

/** A failed check, committed (its try counted by `beginTry`) before `type` is thrown. */
function failure(type: 'otp_code_not_found' | 'otp_code_expired' | 'otp_attempts_exceeded') {
  return { failed: type } as const;
}

/** The session factor a passcode check adds, in Stytch's shape. */
function otpFactor(method: MethodRecord, channel: Channel, now: number): JsonObject {
  const base = {
    type: 'otp',
    delivery_method: channel,
    last_authenticated_at: new Date(now).toISOString(),
  };
  return method.kind === 'phone'
    ? {
        ...base,
        phone_number_factor: { phone_id: method.methodId, phone_number: method.destination },
      }
    : { ...base, email_factor: { email_id: method.methodId, email_address: method.destination } };
}

/**
 * The guest list of one project, as hosts change it from the command line (`npm run guests`) and
 * from the hosts' page: which phone numbers are invited, kept as `trusted_metadata.invited` on
 * each number's user: the user the number signs in, never an account that only claims it
 * unproven (see `findByDestination`). Every rule of the list lives here once: reading a number,
 * inviting, renaming, changing a number, taking a guest off, listing with a search, importing
 * with a plan, exporting. Every change is checked in full before it writes anything.
 */
import type { JsonObject } from '../../db/json-column.js';
import { DuplicateDestinationError } from '../../products/users/index.js';
import type { Project } from '../../projects/projects-repository.js';
import type { Store } from '../../store.js';
import { type RsvpAnswer, RsvpRepository } from '../rsvp-repository.js';
import { formatGuestCsv } from './guest-export.js';
import { type ImportPlan, type ListedNumber, planImport } from './guest-import.js';
import { fullName, splitName, tidyGuestName } from './guest-names.js';
import {
  GuestListError,
  NumberTakenError,
  nationalFormat,
  parseGuestPhone,
  phoneCountry,
  UnknownGuestError,
} from './guest-phone.js';

/** One phone number of the list. */
export interface GuestEntry {
  /** The user the number signs in. */
  userId: string;
  e164: string;
  /** ISO 3166 country of the number, when it has one. */
  country: string | undefined;
  name: string;
  invited: boolean;
  /** Whether the guest ever signed in (proved the number with a code). */
  signedIn: boolean;
  /** When the newest session started, in epoch milliseconds. */
  lastSessionAt: number | null;
  /** The guest's answer to the invitation (see `server/site/rsvp-routes.ts`), or null. */
  rsvp: RsvpAnswer | null;
}

/** What `invite` did. */
export interface InviteResult {
  userId: string;
  e164: string;
  country: string | undefined;
  /** The name now on the list (`''` when none is known). */
  name: string;
  /** `invited`: newly on the list; `already-invited`: it was on the list before. */
  outcome: 'invited' | 'already-invited';
  /** Whether the number had no user before. */
  createdUser: boolean;
}

/** What `remove` did. */
export interface RemoveResult {
  userId: string;
  e164: string;
  /** The guest's name (`''` for none). */
  name: string;
  /** `removed`: it was on the list; `not-invited`: the user exists but was not on it. */
  outcome: 'removed' | 'not-invited';
}

/** A change to one guest: a new name, a new number, or both. */
export interface GuestEdit {
  name?: string;
  phone?: string;
}

/** Options of `list`. */
export interface ListOptions {
  /** Every phone number, invited or not. */
  all?: boolean;
  /** Words the name, the number or the RSVP note must hold (case and spacing ignored). */
  query?: string;
}

/** The guest list of one project on one store. */
export class GuestService {
  readonly #rsvps: RsvpRepository;

  /**
   * @param clock now, in epoch milliseconds (when a user or number row is created)
   */
  constructor(
    private readonly store: Store,
    readonly project: Project,
    private readonly clock: () => number = Date.now,
  ) {
    this.#rsvps = new RsvpRepository(store.db);
  }

  /**
   * Puts a phone number on the list: finds the user it signs in (the one holding it verified,
   * else an unproven account holding it pending, see `findByDestination`) or creates one, sets
   * `trusted_metadata.invited = true` (keeping the other trusted fields) and, when `name` is
   * given, the user's name and `trusted_metadata.guest_name`.
   * @throws GuestListError for an invalid number or name (nothing written).
   */
  async invite(rawPhone: string, name: string | undefined): Promise<InviteResult> {
    const phone = parseGuestPhone(rawPhone);
    const guestName = tidyGuestName(name ?? '') || undefined;
    const users = this.store.users;
    const method = await users.findOrCreateByDestination(
      this.project,
      'phone',
      phone.e164,
      this.clock(),
      {
        trustedMetadata: { invited: true, ...(guestName ? { guest_name: guestName } : {}) },
        ...(guestName ? { name: splitName(guestName) } : {}),
      },
    );
    const user = await users.findById(this.project.projectId, method.userId);
    if (!user) throw new Error(`user ${method.userId} vanished`);
    const wasInvited = !method.created && user.trustedMetadata.invited === true;
    const metadata: JsonObject = { ...user.trustedMetadata, invited: true };
    if (guestName) metadata.guest_name = guestName;
    if (!method.created) await users.setTrustedMetadata(user.userId, metadata);
    let shownName = fullName(user.name);
    if (guestName && !method.created) {
      await users.setName(user.userId, { ...user.name, ...splitName(guestName), middle_name: '' });
      shownName = guestName;
    }
    return {
      userId: user.userId,
      e164: phone.e164,
      country: phone.country,
      name: shownName || (typeof metadata.guest_name === 'string' ? metadata.guest_name : ''),
      outcome: wasInvited ? 'already-invited' : 'invited',
      createdUser: method.created,
    };
  }

  /**
   * Takes a number off the list (`trusted_metadata.invited = false`); the user and its history
   * stay.
   * @throws GuestListError for an invalid number or one no user has.
   */
  async remove(rawPhone: string): Promise<RemoveResult> {
    const phone = parseGuestPhone(rawPhone);
    const method = await this.store.users.findByDestination(
      this.project.projectId,
      'phone',
      phone.e164,
    );
    if (!method) {
      throw new GuestListError(`${phone.e164} is not on the guest list (no such number).`);
    }
    const { name } = await this.findGuest(method.userId);
    const wasInvited = await this.#takeOff(method.userId);
    return {
      userId: method.userId,
      e164: phone.e164,
      name,
      outcome: wasInvited ? 'removed' : 'not-invited',
    };
  }

  /**
   * Takes the guest `userId` off the list, as `remove` does; resolves to the entry before and
   * after.
   * @throws UnknownGuestError when no number of the list signs that user in.
   */
  async removeById(userId: string): Promise<{ before: GuestEntry; after: GuestEntry }> {
    const before = await this.findGuest(userId);
    await this.#takeOff(userId);
    return { before, after: await this.findGuest(userId) };
  }

  /** Sets `invited: false` on the user; resolves to whether it was invited before. */
  async #takeOff(userId: string): Promise<boolean> {
    const users = this.store.users;
    const metadata = await users.findTrustedMetadata(this.project.projectId, userId);
    if (!metadata) throw new UnknownGuestError();
    await users.setTrustedMetadata(userId, { ...metadata, invited: false });
    return metadata.invited === true;
  }

  /**
   * Renames the guest `userId` and/or gives them another number. Everything is checked before
   * anything is written: the name, the number (valid, textable), and that the number is free:
   * a number another account proved, or one that already signs in another account, is refused.
   * A guest who has signed in keeps the number they proved (it is how they get in); the host
   * adds their new number as a guest instead.
   * @throws GuestListError (and its `UnknownGuestError`, `NumberTakenError`), nothing written.
   */
  async edit(userId: string, edit: GuestEdit): Promise<{ before: GuestEntry; after: GuestEntry }> {
    const before = await this.findGuest(userId);
    const name = edit.name === undefined ? undefined : tidyGuestName(edit.name);
    if (name === '') throw new GuestListError('A guest needs a name; type one.', 'name');
    const phone = edit.phone === undefined ? undefined : parseGuestPhone(edit.phone);
    const newNumber = phone && phone.e164 !== before.e164 ? phone.e164 : undefined;
    if (newNumber) await this.#assertNumberCanMove(before, newNumber);

    if (newNumber) await this.#moveNumber(before, newNumber);
    if (name !== undefined && name !== before.name) await this.#rename(userId, name);
    return { before, after: await this.findGuest(userId) };
  }

  /** @throws GuestListError when `guest`'s number cannot become `e164` (see `edit`). */
  async #assertNumberCanMove(guest: GuestEntry, e164: string): Promise<void> {
    if (guest.signedIn) {
      throw new GuestListError(
        `${guest.name || guest.e164} has signed in with ${guest.e164}, the number they proved, ` +
          'so it stays theirs: add the new number as a guest (and take this one off the list if need be).',
        'phone',
      );
    }
    const holder = await this.store.users.findByDestination(this.project.projectId, 'phone', e164);
    if (holder?.verified) {
      throw numberProved(e164);
    }
    if (holder && holder.userId !== guest.userId) {
      throw new NumberTakenError(
        `${e164} is already on the list of numbers as another guest; edit or take off that one instead.`,
      );
    }
  }

  /**
   * Gives the (unproven) guest the number `e164` in place of their own: a new pending row, then
   * the old one deleted, so a code sent to the old number proves nothing of the new one.
   */
  async #moveNumber(guest: GuestEntry, e164: string): Promise<void> {
    const users = this.store.users;
    const old = await users.findClaim(this.project.projectId, guest.userId, 'phone', guest.e164);
    try {
      await users.addDestination(this.project, guest.userId, 'phone', e164, this.clock());
    } catch (error) {
      // Proved by its owner since the check: still nothing written.
      if (!(error instanceof DuplicateDestinationError)) throw error;
      throw numberProved(e164);
    }
    if (old) await users.deleteDestination(guest.userId, 'phone', old.methodId);
  }

  /** Sets the user's name and `trusted_metadata.guest_name` to `name` (tidied, not empty). */
  async #rename(userId: string, name: string): Promise<void> {
    const users = this.store.users;
    const user = await users.findById(this.project.projectId, userId);
    if (!user) throw new UnknownGuestError();
    await users.setName(userId, { ...user.name, ...splitName(name), middle_name: '' });
    await users.setTrustedMetadata(userId, { ...user.trustedMetadata, guest_name: name });
  }

  /**
   * The entry of the user `userId` (invited or not).
   * @throws UnknownGuestError when no number of the list signs that user in.
   */
  async findGuest(userId: string): Promise<GuestEntry> {
    const entry = (await this.list({ all: true })).find((guest) => guest.userId === userId);
    if (!entry) throw new UnknownGuestError();
    return entry;
  }

  /** The invited numbers (every phone user with `all`), oldest first, those matching `query`. */
  async list(options: ListOptions = {}): Promise<GuestEntry[]> {
    const users = await this.store.users.listPhoneUsers(this.project.projectId);
    const answers = await this.#rsvps.listByUser(this.project.projectId);
    const entries = users.map((user): GuestEntry => {
      const guestName = user.trustedMetadata.guest_name;
      return {
        userId: user.userId,
        e164: user.phoneNumber,
        country: phoneCountry(user.phoneNumber),
        name: fullName(user.name) || (typeof guestName === 'string' ? guestName : ''),
        invited: user.trustedMetadata.invited === true,
        // Only a proven number's sessions are the guest's: an unproven account holding it may
        // have been made by someone else.
        signedIn: user.verified,
        lastSessionAt: user.verified ? user.lastSessionAt : null,
        rsvp: answers.get(user.userId) ?? null,
      };
    });
    const matches = searchFor(options.query ?? '');
    return entries.filter((entry) => (options.all || entry.invited) && matches(entry));
  }

  /** The list (every phone number with `all`) as CSV with every answer and whole note. */
  async exportCsv(options: { all?: boolean } = {}): Promise<{ csv: string; count: number }> {
    const entries = await this.list(options);
    return { csv: formatGuestCsv(entries), count: entries.length };
  }

  /**
   * What importing `csvText` would do, against the list as it stands; writes nothing.
   * @throws GuestListError when a number is given different names.
   * @throws CsvError when the text is not CSV.
   */
  async previewImport(csvText: string): Promise<ImportPlan> {
    const listed = new Map<string, ListedNumber>();
    for (const entry of await this.list({ all: true })) {
      listed.set(entry.e164, { userId: entry.userId, invited: entry.invited, name: entry.name });
    }
    return planImport(csvText, listed, this.project);
  }

  /**
   * Imports `csvText`: plans it (`previewImport`) and invites every number of the plan's adds
   * and renames (a bad line is reported and skipped; the others still go in); resolves to the
   * plan carried out.
   * @throws GuestListError when a number is given different names, before anything is written.
   */
  async applyImport(csvText: string): Promise<ImportPlan> {
    const plan = await this.previewImport(csvText);
    const writes = [
      ...plan.add.map((line) => ({ ...line, name: line.named ? line.name : '' })),
      ...plan.update,
    ].sort((a, b) => a.line - b.line);
    for (const line of writes) await this.invite(line.e164, line.name || undefined);
    return plan;
  }
}

/** The refusal of a number another account proved. */
function numberProved(e164: string): NumberTakenError {
  return new NumberTakenError(
    `${e164} belongs to another account, which proved it by signing in; nothing was changed.`,
  );
}

/** The test of `ListOptions.query`: every word in the name, the number or the note. */
function searchFor(query: string): (entry: GuestEntry) => boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (entry) => {
    const text = [entry.name, entry.e164, nationalFormat(entry.e164), entry.rsvp?.note ?? '']
      .join('\n')
      .toLowerCase();
    const digits = entry.e164.replace(/\D/g, '');
    return words.every((word) => {
      const wordDigits = word.replace(/[\s().+-]/g, '');
      if (/^\d{3,}$/.test(wordDigits) && digits.includes(wordDigits)) return true;
      return text.includes(word);
    });
  };
}

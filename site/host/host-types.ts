/**
 * What the hosts' API answers (`/host/api/…`, the contract of `server/site/host/`), as the
 * hosts' page reads it: snake_case fields, times in ISO 8601.
 */
import type { InvitationContent } from '../content/invitation.js';

/** A guest's RSVP answer. */
export interface GuestRsvp {
  readonly attending: boolean;
  readonly party_size: number;
  readonly note: string;
  readonly updated_at: string;
}

/** One guest of the list (`GET /guests`). */
export interface Guest {
  readonly user_id: string;
  /** E.164. */
  readonly phone_number: string;
  /** The number as people read it. */
  readonly phone_display: string;
  readonly name: string;
  readonly invited: boolean;
  readonly signed_in: boolean;
  readonly last_seen_at: string | null;
  readonly rsvp: GuestRsvp | null;
  readonly warning?: string;
}

/** `GET /guests`. */
export interface GuestList {
  readonly guests: readonly Guest[];
}

/** `POST /guests`, `PATCH` and `DELETE /guests/:userId`. */
export interface GuestAnswer {
  readonly guest: Guest;
  readonly warning?: string;
}

/** One row of a CSV import with a message (a problem or a warning). */
export interface ImportNote {
  readonly row: number;
  readonly message: string;
}

/** `POST /guests/import`: what the CSV adds, updates or leaves, and what is wrong with it. */
export interface ImportReport {
  readonly applied: boolean;
  readonly add: readonly { row: number; phone_number: string; name: string }[];
  readonly update: readonly {
    row: number;
    user_id: string;
    phone_number: string;
    name: string;
    previous_name: string;
  }[];
  readonly unchanged: readonly { row: number; phone_number: string }[];
  readonly problems: readonly ImportNote[];
  readonly warnings: readonly ImportNote[];
}

/** One host (`GET /hosts`). */
export interface HostEntry {
  readonly id: string;
  readonly identifier: string;
  /** Listed in the config file (cannot be removed here) or added in the page. */
  readonly source: 'config' | 'added';
  readonly added_at: string | null;
  readonly added_by: string | null;
}

/** `GET /hosts`. */
export interface HostList {
  readonly hosts: readonly HostEntry[];
}

/** One audit entry (`GET /audit`). */
export interface AuditEntry {
  readonly id: string;
  readonly at: string;
  /** Who did it. */
  readonly host: string;
  readonly action: string;
  readonly summary: string;
}

/** `GET /audit?before=`: a page of entries, newest first, and the cursor of the older ones. */
export interface AuditPage {
  readonly entries: readonly AuditEntry[];
  readonly next: string | null;
}

/** `GET /content`: the draft the hosts edit and what guests read. */
export interface ContentState {
  readonly draft: InvitationContent;
  readonly published: InvitationContent;
  readonly published_at: string | null;
  readonly updated_at: string;
  readonly unpublished_changes: boolean;
}

/** The photo slots: the four photobooth photos and the footer's. */
export type PhotoSlot =
  | 'photobooth-1'
  | 'photobooth-2'
  | 'photobooth-3'
  | 'photobooth-4'
  | 'footer';

/** One photo (`GET /photos`). */
export interface SlotPhoto {
  readonly slot: PhotoSlot;
  readonly file: string;
  readonly alt: string;
  readonly url: string;
  /** When a host last uploaded it; null for the photo the site was built with. */
  readonly uploaded_at: string | null;
}

/** `GET /photos`: the photos and whether the server can convert uploads. */
export interface PhotosState {
  readonly tools: {
    readonly available: boolean;
    readonly missing: readonly string[];
    readonly advice: string;
  };
  readonly photos: readonly SlotPhoto[];
}

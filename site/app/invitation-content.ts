/**
 * The invitation's published content, which the server keeps in its database and hands to
 * invited guests (and hosts) alone at {@link INVITATION_CONTENT_PATH}, like the invitation's
 * chunk. The page asks for both at once, so neither waits for the other. Only the content's
 * types are imported here: none of its words are in the public code.
 */
import type { InvitationContent } from '../content/invitation.js';

/** Where the server serves the published content. */
export const INVITATION_CONTENT_PATH = '/private/invitation.json';

/** The published content; rejects when the server refuses it or cannot be reached. */
export const fetchInvitationContent = (): Promise<InvitationContent> =>
  fetch(INVITATION_CONTENT_PATH).then((response) =>
    response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
  );

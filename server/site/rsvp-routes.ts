/**
 * The guest's RSVP, beside the invitation's private files and guarded as they are: only a
 * request whose session cookie is a live session of an invited guest (`GuestCheck`) reads or
 * writes, and only its own answer; anyone else gets 401 and nothing.
 *
 * - `GET /rsvp`: the guest's answer (or null) and the hosts' rules (most people per answer, the
 *   note's length, the deadline and whether answers are still open).
 * - `PUT /rsvp`: the guest's answer, `{attending, party_size, note}`. A write must come from a
 *   page on the server's own origin (`Origin`, as browsers send it on every PUT): with the
 *   cookie's `SameSite=Lax` and a JSON body (no form can send one), another site cannot answer
 *   for a guest. It is refused, writing nothing, after the deadline (409) and when the answer
 *   breaks a rule (400, `rsvp-answer.ts`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ownOriginOf } from '../http/cookie-session.js';
import type { Project } from '../projects/projects-repository.js';
import type { GuestCheck } from './guest-check.js';
import { readRsvpAnswer } from './rsvp-answer.js';
import type { RsvpAnswer, RsvpRepository } from './rsvp-repository.js';
import { DEFAULT_RSVP_SETTINGS, type RsvpSettings, rsvpDeadlineMs } from './rsvp-settings.js';

/** What the RSVP routes need. */
export interface RsvpRouteOptions {
  project: Project;
  guests: GuestCheck;
  rsvps: RsvpRepository;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

/** The largest body a `PUT /rsvp` may send: a note of 2,000 characters, escaped, fits. */
const BODY_LIMIT = 16 * 1024;

/** The answer as the page reads it. */
function answerBody(answer: RsvpAnswer | null) {
  if (!answer) return null;
  return {
    attending: answer.attending,
    party_size: answer.partySize,
    note: answer.note,
    updated_at: new Date(answer.updatedAt).toISOString(),
  };
}

function refuse(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, message });
}

/** Registers `GET /rsvp` and `PUT /rsvp` on `app`. */
export function rsvpRoutes(app: FastifyInstance, options: RsvpRouteOptions): void {
  const { project, guests, rsvps, clock } = options;
  const settings = (): RsvpSettings => project.settings.rsvp ?? DEFAULT_RSVP_SETTINGS;
  const isOpen = () => {
    const deadline = rsvpDeadlineMs(settings());
    return deadline === null || clock() < deadline;
  };
  const state = (answer: RsvpAnswer | null) => ({
    answer: answerBody(answer),
    max_party_size: settings().maxPartySize,
    note_max_length: settings().noteMaxLength,
    deadline: settings().deadline,
    open: isOpen(),
  });
  const notGuest = (reply: FastifyReply) =>
    refuse(reply, 401, 'not_invited', 'Only invited guests who are signed in can answer.');

  app.get('/rsvp', async (request, reply) => {
    reply.header('vary', 'cookie').header('cache-control', 'no-store');
    const userId = await guests.invitedUserId(request);
    if (!userId) return notGuest(reply);
    return state(await rsvps.find(project.projectId, userId));
  });

  app.put('/rsvp', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    reply.header('vary', 'cookie').header('cache-control', 'no-store');
    if (request.headers.origin !== ownOriginOf(request)) {
      return refuse(reply, 403, 'not_same_origin', 'Answer from the invitation itself.');
    }
    const userId = await guests.invitedUserId(request);
    if (!userId) return notGuest(reply);
    if (!isOpen()) {
      return refuse(reply, 409, 'rsvp_closed', 'Answers are closed: the deadline has passed.');
    }
    const check = readRsvpAnswer(request.body, settings());
    if (!check.ok) return refuse(reply, 400, 'invalid_rsvp', check.message);
    const answer: RsvpAnswer = { ...check.answer, updatedAt: clock() };
    await rsvps.save(project.projectId, userId, answer);
    return state(answer);
  });
}

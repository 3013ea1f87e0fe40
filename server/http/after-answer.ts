/**
 * Work a route does once its answer is out, so that the answer cannot wait for it and its time
 * says nothing of it: `send/primary` mails a code or link only to an address that signs someone
 * in, and must answer a known address as soon as an unknown one.
 */
import type { FastifyReply } from 'fastify';

/** Runs work after the answer. */
export type AfterAnswer = (work: () => void) => void;

/**
 * Runs `work` once the reply has been handed to the network (`finish`), or the client has gone
 * (`close`), whichever comes first; once. Fastify logs the request as completed on `finish`
 * before this runs.
 */
export function afterAnswerOf(reply: FastifyReply): AfterAnswer {
  return (work) => {
    let ran = false;
    const run = () => {
      if (ran) return;
      ran = true;
      reply.raw.off('finish', run);
      reply.raw.off('close', run);
      work();
    };
    reply.raw.once('finish', run);
    reply.raw.once('close', run);
  };
}

/** Outside a route (a direct call): after the current turn of the event loop. */
export const afterThisTurn: AfterAnswer = (work) => {
  setImmediate(work);
};

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** `undefined` to go on, an error to answer with, or `'answered'` when the step has sent the answer itself. */
export type FrontOutcome = undefined | Error | 'answered';

/** One thing every request goes through before routing: tagging, screening, redirecting. */
export type FrontStep = (request: FastifyRequest, reply: FastifyReply) => FrontOutcome;

/**
 * Runs the steps, in order, in one hook: each hook costs a turn of Fastify's hook runner, and these run on every
 * request the server gets.
 */
export function registerRequestFront(app: FastifyInstance, steps: FrontStep[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    for (const step of steps) {
      const outcome = step(request, reply);
      if (outcome === 'answered') return;
      if (outcome !== undefined) return done(outcome);
    }
    done();
  });
}

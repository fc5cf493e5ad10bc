import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { errorResponses, schemaRef } from './api-schemas.ts';
import { errorBody } from './errors.ts';
import type { Database } from '../store/schema.ts';

export interface HealthOptions {
  db: Kysely<Database>;
  /** A database that has not answered by then counts as down: a load balancer's probe must not hang. */
  timeoutMs?: number;
}

async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, false);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz for load balancers: 200 while the database answers, 503 otherwise, without saying more. */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, timeoutMs = 2000 }) => {
  // Probes that arrive together share one query, so that frequent probes cost the database next to nothing.
  let check: Promise<boolean> | undefined;
  const healthy = () =>
    (check ??= databaseAnswers(db, timeoutMs).finally(() => {
      check = undefined;
    }));

  const schema: FastifySchema = {
    summary: 'Health check for load balancers',
    tags: ['operations'],
    response: { 200: schemaRef('api/health-status.schema.json', 'Ready.'), ...errorResponses(400, 503) },
  };
  app.get('/healthz', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await healthy()) return reply.send({ status: 'ok' });
    return reply.code(503).send(errorBody(503, 'Not ready to serve requests.'));
  });
};

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import type { CollectBody, StatsQuery, StatsReport } from '../../src/content/types.gen.ts';
import { campaignTag, referrerHost, sitePath } from '../../src/domain/traffic-source.ts';
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { attachmentDisposition } from '../leads/index.ts';
import { csvHeader, csvLine } from '../lib/csv-write.ts';
import { AddressLimiter, type AddressLimit } from './address-limiter.ts';
import type { StatsCollector } from './collector.ts';
import type { SitePaths } from './site-paths.ts';
import { otherKey } from './key-caps.ts';
import { checkRange, exportReport, statsReport } from './report.ts';
import { softwareOf } from './user-agent.ts';
import type { Database } from '../store/schema.ts';

export interface StatsRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  collector: StatsCollector;
  /** Tells the site's pages from other paths, for leads' landing pages. */
  paths: SitePaths;
  /** The site's public origin: a referrer on it is no source. */
  origin: string;
  collectLimit?: AddressLimit;
}

/** A beacon's body is a few hundred bytes; 4 KB leaves room for long paths and campaign names. */
const collectBodyLimit = 4096;
const noStore = { 'cache-control': 'no-store' };

/** A beacon's path as far as it can be told without the database: a path of this site, or `(other)`. */
function beaconPath(path: string): string {
  return sitePath(path) ?? otherKey;
}

function isCounted(request: FastifyRequest, userAgent: string): boolean {
  // Signed-in members of the team look at their own site all day: not visitors.
  return request.user === null && userAgent !== '' && !isbot(userAgent);
}

/** The page views' beacon (anyone) and the dashboard's figures (admins). */
export const statsRoutes: FastifyPluginAsync<StatsRoutesOptions> = async (app, options) => {
  const { db, collector, clock } = options;
  const limiter = new AddressLimiter(options.collectLimit);
  const originHost = new URL(options.origin).hostname;

  // navigator.sendBeacon sends a string as text/plain, which no other route of the API takes (see app.ts).
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: collectBodyLimit }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The body must be a JSON object describing one page view.'), undefined);
    }
  });

  app.post<{ Body: CollectBody }>(
    '/collect',
    {
      bodyLimit: collectBodyLimit,
      schema: {
        consumes: ['application/json', 'text/plain'],
        body: schemaRef('api/collect-body.schema.json'),
        response: {
          202: emptyResponse('Taken: counted unless it came from a bot or a signed-in member of the team.'),
          ...errorResponses(400, 413, 415, 429),
        },
      },
      config: { access: 'anyone' },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const now = clock().getTime();
      const address = clientAddress(request);
      if (address === null) return reply.code(202).send();
      if (!limiter.allow(address, now)) {
        throw new HttpError(429, 'Too many page views from your address: they are counted again in a minute.', [], {
          ...noStore,
          'retry-after': String(limiter.retryAfter(now)),
        });
      }
      const userAgent = request.headers['user-agent'] ?? '';
      if (!isCounted(request, userAgent)) return reply.code(202).send();
      const { body } = request;
      await collector.record({
        address,
        userAgent,
        path: beaconPath(body.path),
        referrerHost: referrerHost(body.referrer, [originHost, request.hostname]),
        utmSource: campaignTag(body.utm_source),
        utmMedium: campaignTag(body.utm_medium),
        utmCampaign: campaignTag(body.utm_campaign),
        utmTerm: campaignTag(body.utm_term),
        utmContent: campaignTag(body.utm_content),
        ...softwareOf(userAgent),
      });
      return reply.code(202).send();
    },
  );

  app.get<{ Querystring: StatsQuery }>(
    '/stats',
    {
      schema: {
        querystring: schemaRef('api/stats-query.schema.json'),
        response: { 200: schemaRef('stats-report.schema.json'), ...errorResponses(400, 401, 403) },
      },
      config: { access: 'admin' },
    },
    async (request, reply): Promise<StatsReport> => {
      const { from, to, compare } = request.query;
      checkRange(from, to);
      const report = await statsReport(db, options.paths, from, to, { compare: compare !== false });
      reply.headers(noStore);
      return report;
    },
  );

  app.get<{ Querystring: StatsQuery }>(
    '/stats/export.csv',
    {
      schema: {
        querystring: schemaRef('api/stats-query.schema.json'),
        response: {
          200: {
            description:
              'The range’s daily series, every row of every breakdown and the goals, as CSV with a header line.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      checkRange(from, to);
      const report = await exportReport(db, options.paths, from, to);
      const lines = [
        csvHeader([
          'breakdown',
          'key',
          'visitors',
          'visits',
          'page_views',
          'enquiries',
          'applications',
          'subscriptions',
          'conversion_rate',
        ]),
      ];
      for (const day of report.series) lines.push(csvLine(['Day', day.day, day.visitors, day.visits, day.pageViews]));
      const breakdowns = [
        ['Page', report.pages],
        ['Entry page', report.entryPages],
        ['Source', report.sources],
        ['Campaign', report.campaigns],
        ['Device', report.devices],
        ['Browser', report.browsers],
        ['Operating system', report.operatingSystems],
      ] as const;
      for (const [name, rows] of breakdowns) {
        for (const row of rows) lines.push(csvLine([name, row.key, row.visitors, row.visits, row.pageViews]));
      }
      const goals = [
        ['Goals by landing page', report.goals.byLandingPage],
        ['Goals by source', report.goals.bySource],
        ['Goals by campaign', report.goals.byCampaign],
      ] as const;
      for (const [name, rows] of goals) {
        for (const row of rows) {
          const { key, visits, enquiries, applications, subscriptions, conversionRate } = row;
          lines.push(csvLine([name, key, '', visits, '', enquiries, applications, subscriptions, conversionRate]));
        }
      }
      return reply
        .headers({
          ...noStore,
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(`stats-${from}-to-${to}.csv`),
        })
        .send(lines.join(''));
    },
  );
};

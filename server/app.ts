import { join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pruneAuditLog } from './audit/index.ts';
import {
  type AuthSettings,
  createPasswordQueue,
  ensureFirstAdmin,
  loadAuthKeys,
  productionScryptCost,
  testScryptCost,
} from './auth/index.ts';
import { createBlogContext, createPost, examplePosts, watchBlogChanges } from './blog/index.ts';
import { addApiSchemas, declareCommonRefusals } from './http/api-schemas.ts';
import { readContentRedirects, redirectMovedContent } from './http/content-redirects.ts';
import { errorBody, registerErrorHandler } from './http/errors.ts';
import { createMetrics, registerMetrics } from './http/metrics.ts';
import { registerRequestFront } from './http/request-front.ts';
import { requestIdGenerator, requestLogOptions, tagRequestId } from './http/request-log.ts';
import { registerRouteCatalog, routesOf } from './http/route-catalog.ts';
import { serverPathMatcher } from './http/server-paths.ts';
import { longestPathParameter } from './http/router-limits.ts';
import { openApiOptions } from './http/openapi.ts';
import { registerBodyScreening, screenAddress } from './http/request-screening.ts';
import { publicOrigin } from './http/public-origin.ts';
import { applySecurityHeaders, sendSecurityHeaders } from './http/security-headers.ts';
import type { WorkQueueLimits } from './http/work-queue.ts';
import { defaultServerTimeouts, serverTimeoutOptions, type ServerTimeouts } from './http/server-timeouts.ts';
import { schemaController } from './http/validation.ts';
import { liveLeadFacts, readRepositorySite } from './forms/index.ts';
import { type FormPages, noFormPages } from './leads/index.ts';
import { smtpTransport, startMailWorker } from './mail/index.ts';
import {
  defaultSignupMailCaps,
  emailImageRoutes,
  type NewsletterContext,
  newsletterPageRoutes,
  type SignupMailCaps,
  startNewsletterSending,
} from './newsletter/index.ts';
import { startRetention } from './privacy/index.ts';
import { createImageQueue, mediaFileRoutes, startAvifWorker } from './media/index.ts';
import { apiRoutes } from './api-routes.ts';
import { healthRoutes } from './http/health-routes.ts';
import { originForm } from './http/request-target.ts';
import { builtSiteRoutes } from './pages/built-site.ts';
import { type LiveBuild, loadServedSite } from './pages/served-site.ts';
import { startContentStudio, type ContentSettings } from './content-studio/index.ts';
import { repositoryRoot } from './repository-root.ts';
import { readBrandFacts } from './brand-facts.ts';
import { openDatabase } from './store/database.ts';
import { migrateToLatest } from './store/migrate.ts';
import { sharedKey } from './store/server-secrets.ts';
import { type AddressLimit, type KeyLimits, readContentRoutes, sitePaths, startStatsCollector } from './stats/index.ts';
import { startTeamRetention } from './team/index.ts';
import type { DevSite } from './dev-site/index.ts';

export interface AppOptions {
  /** Folder of the SQLite database file. */
  dataDir: string;
  /** postgres://… to use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The site's build; dist/client by default. */
  clientDir?: string;
  /** Adds example posts to a fresh database; true by default. */
  seedExamples?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The public origin of absolute URLs, trusted for unsafe requests as well as the request's own host. */
  siteUrl?: string;
  /** HOST and PORT: the public origin is http://HOST:PORT when siteUrl is not set. */
  host?: string;
  port?: number;
  adminEmail?: string;
  adminPassword?: string;
  /** Set behind a reverse proxy, so that client addresses and HTTPS come from X-Forwarded-* headers. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The time; tests move it forward. */
  clock?: () => Date;
  /** Shows a generated admin password to the operator; standard output by default. */
  announce?: (message: string) => void;
  /** Turns on GET /metrics, for requests that send it as a bearer token. */
  metricsToken?: string;
  /** Tests only: hooks added to the app before its routes, as a plugin of the app would add them. */
  hooksForTests?: (app: FastifyInstance) => void;
  /** Tests only: routes added beside the app's own, such as one that fails. */
  routesForTests?: FastifyPluginAsync;
  /** How many uploads are processed at once and may wait; imageProcessingLimits otherwise. */
  imageQueue?: Partial<WorkQueueLimits>;
  /** How long a request and a connection may take; defaultServerTimeouts otherwise. */
  timeouts?: Partial<ServerTimeouts>;
  /** smtp://… or smtps://…: where notifications of leads are sent. Without it, leads go to the Inbox only. */
  smtpUrl?: string;
  /** The notifications' From; `{brand} <no-reply@{the agency's domain}>` by default. */
  mailFrom?: string;
  /** Lead notices e-mailed in an hour, all instances together (LEAD_NOTICES_PER_HOUR); later leads are kept as spam. */
  leadNoticesPerHour?: number;
  /** The public forms' time trap (FORM_TIME_TRAP_MS): 3 s unless set; the browser tests shorten it. */
  formTimeTrapMs?: number;
  /** Newsletter messages a second, all instances together (NEWSLETTER_RATE, 10 by default); 0 for no limit. */
  newsletterRate?: number;
  /**
   * Confirmation links and notes the newsletter's signup e-mails in an hour, for the whole site and from one /24 or
   * /64 (SIGNUP_MAILS_PER_HOUR, SIGNUP_MAILS_PER_NETWORK); defaultSignupMailCaps otherwise.
   */
  signupMailCaps?: Partial<SignupMailCaps>;
  /** How often the mail worker looks for due mail, and its first retry's wait; tests shorten them. */
  mailTiming?: { pollMs?: number; firstBackoffMs?: number; maxBackoffMs?: number; leaseMs?: number };
  /** Page views one address may send to /api/collect per window; defaultCollectLimit otherwise. */
  collectLimit?: AddressLimit;
  /** How often buffered page views are written; every second by default. */
  statsFlushMs?: number;
  /** Keys each breakdown of the stats may hold a day and a month; defaultKeyLimits otherwise. */
  statsKeyLimits?: KeyLimits;
  /** The content studio's git checkout (CONTENT_DIR, the repository by default), committer, remote and branch. */
  content?: Partial<ContentSettings>;
  /** `npm run dev`: pages rendered from the sources by Vite, which serves the browser's modules (server/dev-site). */
  devSite?: DevSite;
  /** Tests only: hash passwords at a low scrypt cost. Never set from configuration. */
  insecureFastPasswordHashingForTests?: boolean;
}

const oneMebibyte = 1024 * 1024;

/** The whole server (site, API, store), ready to listen or to be tested with inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const passwordCost = options.insecureFastPasswordHashingForTests ? testScryptCost : productionScryptCost;
  const metrics = createMetrics(options.metricsToken);
  const db = openDatabase(options, metrics.database);
  const requestIdFor = requestIdGenerator(options.trustProxy);
  const app = Fastify({
    ...requestLogOptions(requestIdFor),
    logger: options.logger ?? false,
    bodyLimit: oneMebibyte,
    ...serverTimeoutOptions({ ...defaultServerTimeouts, ...options.timeouts }),
    routerOptions: { maxParamLength: longestPathParameter() },
    trustProxy: options.trustProxy ?? false,
    // The site plugin loads the render bundle and every prerendered page: more than Fastify's 10 s on a busy host.
    pluginTimeout: 60_000,
    ...(options.devSite ? { serverFactory: options.devSite.serverFactory } : {}),
    schemaController,
    // An absolute-form request target is routed by its path (RFC 9112); its authority names no link.
    rewriteUrl: originForm,
    frameworkErrors(error, request: FastifyRequest, reply: FastifyReply) {
      // Malformed URLs fail before any hook runs: set the security headers here too.
      applySecurityHeaders(request, reply);
      reply.header('x-request-id', request.id);
      reply.code(400).send(errorBody(400, error.message));
    },
  });
  app.addHook('onClose', () => db.destroy());
  registerRouteCatalog(app);

  try {
    const { fresh } = await migrateToLatest(db);
    const facts = readBrandFacts();
    await ensureFirstAdmin(db, {
      email: options.adminEmail,
      password: options.adminPassword,
      defaultDomain: facts.emailDomain,
      name: facts.teamName,
      passwordCost,
      now: clock(),
      announce: options.announce ?? ((message) => process.stdout.write(`${message}\n`)),
    });
    const blog = createBlogContext(db, clock, options.clock ? undefined : Date.now);
    if (fresh && options.seedExamples !== false) {
      for (const post of examplePosts) await createPost(blog, post, { name: facts.teamName });
    }
    const changes = await watchBlogChanges(blog, app.log);
    // Runs before the database is closed: onClose hooks run in the reverse order of their adding.
    app.addHook('onClose', () => changes.stop());
    await pruneAuditLog(db, clock());
    const auth: AuthSettings = {
      db,
      clock,
      passwordCost,
      keys: await loadAuthKeys(db),
      issuer: facts.brandName,
      passwords: createPasswordQueue(),
    };
    const origin = publicOrigin(options);
    const trustedOrigins = new Set([origin]);
    const avif = startAvifWorker(db, clock, app.log);
    app.addHook('onClose', () => avif.stop());
    const mail = options.smtpUrl
      ? startMailWorker({
          db,
          transport: smtpTransport(options.smtpUrl),
          from: options.mailFrom ?? `${facts.brandName} <no-reply@${facts.emailDomain}>`,
          log: app.log,
          ...options.mailTiming,
        })
      : null;
    if (mail) app.addHook('onClose', () => mail.stop());
    else {
      app.log.warn(
        'SMTP_URL is not set: leads go to the Inbox only, and nobody is notified of them by e-mail; invitation links are only shown to copy.',
      );
    }
    const paths = sitePaths(db, readContentRoutes());
    const collector = startStatsCollector({
      db,
      clock,
      log: app.log,
      paths,
      keyLimits: options.statsKeyLimits,
      flushMs: options.statsFlushMs,
    });
    // Writes the last second's page views before the database closes.
    app.addHook('onClose', () => collector.stop());
    // The page renderer first, then what needs it: the site's routes, the forms (which answer with its pages and
    // accept what they offer), and the content studio's publisher, which swaps the served build after each save
    // (docs/decisions/0015).
    const devSite = options.devSite;
    if (devSite) app.addHook('onClose', () => devSite.close());
    const site = await loadServedSite(app, {
      clientDir: devSite
        ? join(repositoryRoot, 'public')
        : (options.clientDir ?? join(repositoryRoot, 'dist', 'client')),
      devPages: devSite?.pages,
      blog,
      origin,
    });
    const formPages: FormPages = site ?? noFormPages;
    const live: LiveBuild = site ?? {};
    // What the forms offer and where leads are announced: the served build's site.json, swapped with it, or the
    // repository's without a build (docs/decisions/0031).
    const repositorySites = [readRepositorySite()];
    const leadFacts = liveLeadFacts(() => live.sites ?? repositorySites);
    const formKey = await sharedKey(db, 'form-token');
    const intake = {
      db,
      clock,
      facts: leadFacts,
      formKey,
      origin,
      mail,
      noticesPerHour: options.leadNoticesPerHour,
      timeTrapMs: options.formTimeTrapMs,
    };
    const newsletter: NewsletterContext = {
      intake,
      key: await sharedKey(db, 'newsletter'),
      signupMailCaps: { ...defaultSignupMailCaps, ...options.signupMailCaps },
    };
    const sending = startNewsletterSending(options, { db, clock, origin, key: newsletter.key, log: app.log });
    app.addHook('onClose', () => sending.worker?.stop());
    const retention = startRetention(db, clock, () => leadFacts.retentionDays, app.log);
    app.addHook('onClose', () => retention.stop());
    const teamRetention = startTeamRetention(db, clock, app.log);
    app.addHook('onClose', () => teamRetention.stop());

    const repositoryRedirects = readContentRedirects();
    const content = await startContentStudio(
      app,
      { dir: repositoryRoot, ...options.content },
      {
        db,
        clock,
        defaultCommitter: { name: `${facts.brandName} studio`, email: `studio@${facts.emailDomain}` },
        live,
      },
    );

    // The app's own routes, once they are all registered (at the first request): no redirect may hide them.
    let serverPath: ((path: string) => boolean) | undefined;
    const isServerPath = (path: string) =>
      (serverPath ??= serverPathMatcher(routesOf(app).map((route) => route.url)))(path);
    app.decorate('responses', blog.responses);
    registerMetrics(app, { metrics, token: options.metricsToken, cache: blog.responses });
    registerRequestFront(app, [
      tagRequestId,
      sendSecurityHeaders,
      // The served build's, swapped with it after a save in the content studio; the repository's without a build.
      redirectMovedContent(() => live.redirects ?? repositoryRedirects, isServerPath),
      screenAddress,
    ]);
    registerErrorHandler(app);
    registerBodyScreening(app);
    // Only JSON bodies: a text/plain body is also one that any other site's form can send.
    app.removeContentTypeParser('text/plain');
    addApiSchemas(app);
    declareCommonRefusals(app);
    // Before the routes: the OpenAPI document is built from the schemas of the routes registered after it.
    await app.register(fastifySwagger, openApiOptions);
    await app.register(healthRoutes, { db });
    options.hooksForTests?.(app);
    await app.register(apiRoutes, {
      prefix: '/api',
      blog,
      auth,
      trustedOrigins,
      media: { db, clock, avif, images: createImageQueue(options.imageQueue) },
      leads: { intake, formPages },
      newsletter,
      sending,
      comments: { ...intake, responses: blog.responses },
      origin,
      stats: { collector, collectLimit: options.collectLimit, paths },
      content,
    });
    if (options.routesForTests) await app.register(options.routesForTests);
    await app.register(newsletterPageRoutes, { newsletter, pages: formPages });
    await app.register(emailImageRoutes);
    await app.register(mediaFileRoutes, { db });
    await app.register(builtSiteRoutes, {
      site,
      blog,
      origin,
      brandName: facts.brandName,
      brandTagline: facts.tagline,
    });
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { authRoutes, type AuthSettings, registerApiGuard } from './auth/index.ts';
import { type BlogContext, blogRoutes, publicAuthorRoutes } from './blog/index.ts';
import { errorBody } from './http/errors.ts';
import { registerCachedAnswerReader } from './http/cached-answers.ts';
import { auditRoutes } from './audit/index.ts';
import { type MediaContext, mediaRoutes } from './media/index.ts';
import { authorListRoutes, teamRoutes } from './team/index.ts';
import { contentRoutes, type ContentRouteOptions } from './content-studio/index.ts';
import { type CommentContext, commentModerationRoutes, commentRoutes } from './comments/index.ts';
import { type LeadFormOptions, leadFormRoutes, leadRoutes } from './leads/index.ts';
import {
  type NewsletterContext,
  type NewsletterSending,
  newsletterSendRoutes,
  subscriberAdminRoutes,
  subscriberRoutes,
} from './newsletter/index.ts';
import { privacyRoutes } from './privacy/index.ts';
import { statsRoutes, type StatsRoutesOptions } from './stats/index.ts';

export interface ApiOptions {
  blog: BlogContext;
  auth: AuthSettings;
  trustedOrigins: ReadonlySet<string>;
  media: MediaContext;
  leads: LeadFormOptions;
  /** The newsletter's subscribers. */
  newsletter: NewsletterContext;
  /** Sending posts to the subscribers. */
  sending: NewsletterSending;
  /** Readers' comments and their moderation. */
  comments: CommentContext;
  /** The public origin of absolute URLs, such as invitation links. */
  origin: string;
  stats: Pick<StatsRoutesOptions, 'collector' | 'collectLimit' | 'paths'>;
  /** The content studio. */
  content: ContentRouteOptions;
}

export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  const { blog, auth, trustedOrigins, media, leads, newsletter, sending, comments, origin, stats, content } = options;
  registerApiGuard(app, { db: auth.db, clock: auth.clock, trustedOrigins });
  // After the guard, which tells a visitor from an admin.
  registerCachedAnswerReader(app, blog.responses);
  const { mail, facts } = leads.intake;
  await app.register(blogRoutes, { prefix: '/blogs', blog, notices: { origin, brandName: facts.brandName, mail } });
  await app.register(authRoutes, {
    prefix: '/auth',
    ...auth,
    signInLinks: { origin, brandName: facts.brandName, mail },
  });
  await app.register(auditRoutes, { prefix: '/audit', db: auth.db });
  await app.register(mediaRoutes, { prefix: '/media', media });
  await app.register(leadFormRoutes, leads);
  await app.register(subscriberRoutes, { newsletter, formPages: leads.formPages });
  await app.register(subscriberAdminRoutes, { prefix: '/subscribers', newsletter });
  await app.register(newsletterSendRoutes, { sending });
  await app.register(commentRoutes, { comments, formPages: leads.formPages });
  await app.register(commentModerationRoutes, { comments });
  await app.register(leadRoutes, { prefix: '/leads', db: auth.db, clock: auth.clock, facts: leads.intake.facts });
  await app.register(privacyRoutes, {
    prefix: '/privacy',
    db: auth.db,
    clock: auth.clock,
    onCommentsChanged: () => blog.responses.forget(),
  });
  await app.register(publicAuthorRoutes, { prefix: '/authors', blog });
  await app.register(authorListRoutes, { db: auth.db });
  await app.register(teamRoutes, {
    auth,
    responses: blog.responses,
    invitations: { origin, brandName: facts.brandName, mail },
  });
  await app.register(statsRoutes, { db: auth.db, clock: auth.clock, origin, ...stats });
  await app.register(contentRoutes, { prefix: '/content', ...content });
  // Routes rather than a not-found handler: the site's static wildcard would otherwise answer /api/… with HTML.
  const unknownRoute: RouteHandlerMethod = (request, reply) =>
    reply.code(404).send(errorBody(404, `No API route ${request.method} ${request.url.split('?', 1)[0]}.`));
  app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  app.all('/', { schema: { hide: true } }, unknownRoute);
  app.all('/*', { schema: { hide: true } }, unknownRoute);
};

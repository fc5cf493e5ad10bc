import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { registerApiGuard } from '../auth/guard.ts';
import type { AuthSettings } from '../auth/log-in.ts';
import type { BlogContext } from '../blog/blog-context.ts';
import { errorBody } from '../http/errors.ts';
import { registerCachedAnswerReader } from '../http/cached-answers.ts';
import { auditRoutes } from './audit.ts';
import type { MediaContext } from '../media/media-service.ts';
import { authRoutes } from './auth.ts';
import { authorListRoutes } from './author-list.ts';
import { blogRoutes } from './blogs.ts';
import { contentRoutes, type ContentRouteOptions } from '../content-studio/index.ts';
import type { CommentContext } from '../comments/comment-intake.ts';
import { commentRoutes } from './comments.ts';
import { leadFormRoutes, type LeadFormOptions } from './lead-forms.ts';
import { leadRoutes } from './leads.ts';
import { mediaRoutes } from './media.ts';
import { subscriberAdminRoutes } from '../newsletter/subscriber-admin-routes.ts';
import { subscriberRoutes } from '../newsletter/subscriber-routes.ts';
import { newsletterSendRoutes } from '../newsletter/newsletter-send-routes.ts';
import type { NewsletterSending } from '../newsletter/newsletter-sends.ts';
import type { NewsletterContext } from '../newsletter/subscriptions.ts';
import { privacyRoutes } from './privacy.ts';
import { publicAuthorRoutes } from './public-authors.ts';
import { statsRoutes, type StatsRoutesOptions } from './stats.ts';
import { teamRoutes } from './team.ts';

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

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { BlogPost, NewsletterSend } from '../../src/content/types.gen.ts';
import type { Database } from '../store/schema.ts';
import { createPost } from './posts.ts';
import { asAdmin } from './test-requests.ts';

/** Subscribers written straight into the store, as a confirmed signup (or another status) leaves them. */
export async function addSubscribers(
  db: Kysely<Database>,
  emails: readonly string[],
  status: 'active' | 'pending' | 'unsubscribed' | 'bounced' = 'active',
): Promise<string[]> {
  const at = new Date().toISOString();
  const rows = emails.map((email) => ({
    id: randomUUID(),
    email,
    email_key: email.toLowerCase(),
    name: null,
    status,
    consent_text: 'yes',
    consent_basis: 'form',
    consented_at: at,
    confirm_sent_at: null,
    confirmed_at: status === 'pending' ? null : at,
    unsubscribed_at: null,
    landing_page: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    created_at: at,
    updated_at: at,
  }));
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('subscribers')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  return rows.map((row) => row.id);
}

/** A published post with a link and an image of this site, through the API. */
export function publishedPost(app: FastifyInstance, cookie: string): Promise<BlogPost> {
  return createPost(app, cookie, {
    status: 'published',
    content: '<p>Read <a href="/seo">our SEO page</a>.</p><p><img src="/images/share.png" alt="A chart"></p>',
  });
}

export const sendToSubscribers = (app: FastifyInstance, cookie: string, postId: string, body: object = {}) =>
  app.inject(asAdmin(cookie, { method: 'POST', url: `/api/blogs/${postId}/newsletter`, payload: body }));

export async function progressOf(app: FastifyInstance, cookie: string, id: string): Promise<NewsletterSend> {
  const response = await app.inject(asAdmin(cookie, { method: 'GET', url: `/api/newsletters/${id}` }));
  if (response.statusCode !== 200) throw new Error(`progress: ${response.statusCode} ${response.body}`);
  return response.json<NewsletterSend>();
}

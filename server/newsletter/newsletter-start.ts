import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import { smtpTransport } from '../mail/index.ts';
import { repositoryRoot } from '../repository-root.ts';
import type { Database } from '../store/schema.ts';
import { newsletterFacts } from './newsletter-email.ts';
import type { NewsletterSending } from './newsletter-sends.ts';
import { startNewsletterWorker } from './newsletter-worker.ts';

interface SendingOptions {
  smtpUrl?: string;
  mailFrom?: string;
  newsletterRate?: number;
  mailTiming?: { pollMs?: number; firstBackoffMs?: number; maxBackoffMs?: number; leaseMs?: number };
}

/**
 * Sending posts to subscribers: the e-mail's facts from content/site.json, and with SMTP_URL a worker of this instance
 * over a pooled connection of its own, at NEWSLETTER_RATE shared by every instance.
 */
export function startNewsletterSending(
  options: SendingOptions,
  context: { db: Kysely<Database>; clock: () => Date; origin: string; key: Buffer; log: FastifyBaseLogger },
): NewsletterSending {
  const site = JSON.parse(readFileSync(join(repositoryRoot, 'content', 'site.json'), 'utf8')) as SiteDocument;
  const facts = newsletterFacts(site, context.origin);
  const domain = site.contact.email.split('@')[1] ?? 'localhost';
  const worker = options.smtpUrl
    ? startNewsletterWorker({
        db: context.db,
        transport: smtpTransport(options.smtpUrl),
        from: options.mailFrom ?? `${site.brand.name} <newsletter@${domain}>`,
        log: context.log,
        origin: context.origin,
        key: context.key,
        perSecond: options.newsletterRate,
        ...options.mailTiming,
      })
    : null;
  return { db: context.db, clock: context.clock, facts, worker };
}

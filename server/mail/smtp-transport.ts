import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Bounds on one SMTP exchange, well inside the mail worker's lease: a stalled server makes a send fail (and be retried
 * later) rather than outlast the lease, after which another worker would send the same mail.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** A transport for SMTP_URL (smtp://user:pass@host:port or smtps://…), keeping its connection for the next mail. */
export function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries({ ...smtpTimeouts, pool: true })) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  return nodemailer.createTransport(url.href);
}

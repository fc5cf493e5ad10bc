import nodemailer, { type Transporter } from 'nodemailer';

/** A transport for SMTP_URL (smtp://user:pass@host:port or smtps://…); each mail gets its own connection. */
export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

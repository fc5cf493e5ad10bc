import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One constant, so that whoever adjusts the policy changes it in one place. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

const alwaysSent = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  // Nothing of ours uses these; a script that slipped in must not either.
  'permissions-policy': permissionsPolicy,
} as const;

// HSTS over plain HTTP is ignored by browsers and would pin a host that may not serve HTTPS at all.
const sentOverHttps = { ...alwaysSent, 'strict-transport-security': 'max-age=31536000; includeSubDomains' } as const;

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(request.protocol === 'https' ? sentOverHttps : alwaysSent);
}

/** Every response gets the headers, errors and not-found answers included: they are set before any handler runs. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });
}

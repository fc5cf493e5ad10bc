import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FrontStep } from './request-front.ts';

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

/** The API answers with data, never documents: nothing may load from, run in or frame an answer of it. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

const sentWithEverything = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

// Permissions-Policy and COOP govern documents only: the API's answers go without them.
const documentHeaders = {
  'content-security-policy': contentSecurityPolicy,
  ...sentWithEverything,
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
} as const;

/**
 * The content studio's preview (an admin page that renders a document it is sent by postMessage) is framed by the
 * admin's own pages, and by nothing else: the one document whose frame-ancestors is not 'none'.
 */
export const previewContentSecurityPolicy = contentSecurityPolicy.replace(
  "frame-ancestors 'none'",
  "frame-ancestors 'self'",
);

/**
 * A newsletter's e-mail shown in the editor's frame (GET /api/blogs/{id}/newsletter/preview): its own inline styles and
 * images, nothing else, and no script whoever opens it (the policy's sandbox), framed by the admin's pages only. A
 * frame's srcdoc would inherit the admin's policy, under which the e-mail's inline styles do not apply.
 */
export const emailPreviewContentSecurityPolicy = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

const previewHeaders = { ...documentHeaders, 'content-security-policy': previewContentSecurityPolicy } as const;

const apiHeaders = { 'content-security-policy': apiContentSecurityPolicy, ...sentWithEverything } as const;

const overHttps = (headers: Record<string, string>) => ({
  ...headers,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});

const headerSets = {
  document: { http: documentHeaders, https: overHttps(documentHeaders) },
  api: { http: apiHeaders, https: overHttps(apiHeaders) },
  preview: { http: previewHeaders, https: overHttps(previewHeaders) },
};

const apiAddress = /^\/api(?:[/?]|$)/;
const previewAddress = /^\/admin\/content-preview(?:\?|$)/;

function headerKind(url: string): keyof typeof headerSets {
  if (apiAddress.test(url)) return 'api';
  return previewAddress.test(url) ? 'preview' : 'document';
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const kind = headerKind(request.url);
  reply.headers(headerSets[kind][request.protocol === 'https' ? 'https' : 'http']);
}

export const sendSecurityHeaders: FrontStep = (request, reply) => {
  applySecurityHeaders(request, reply);
  return undefined;
};

export interface OriginSettings {
  /** SITE_URL: the public origin, e.g. https://www.example.com. */
  siteUrl?: string;
  /** HOST and PORT the server listens on; the origin when SITE_URL is unset, as the README says. */
  host?: string;
  port?: number;
}

export const defaultHost = '127.0.0.1';
export const defaultPort = 3000;

/**
 * The origin of every absolute URL the site writes (canonical, Open Graph, JSON-LD, sitemap, feeds): from the
 * configuration, never from a request's Host header, which any client chooses.
 */
export function publicOrigin({ siteUrl, host = defaultHost, port = defaultPort }: OriginSettings): string {
  if (siteUrl) return new URL(siteUrl).origin;
  const hostName = host.includes(':') ? `[${host}]` : host;
  return new URL(`http://${hostName}:${port}`).origin;
}

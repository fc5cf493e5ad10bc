/** A path on this site: one leading slash, never two (`//host` is another site). */
const sitePath = /^\/(?![/\\])\S*$/;
const linkProtocols = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function protocolOf(value: string): string | undefined {
  try {
    return new URL(value).protocol;
  } catch {
    return undefined;
  }
}

/** Links the server's sanitiser keeps: http(s), mailto, tel and site paths; never javascript: or data:. */
export function isAllowedHref(value: string): boolean {
  const href = value.trim();
  if (sitePath.test(href)) return true;
  const protocol = protocolOf(href);
  return protocol !== undefined && linkProtocols.has(protocol);
}

/** Image addresses the sanitiser keeps: http(s) or a site path (pasted file: and data: images are dropped). */
export function isAllowedImageSrc(value: string | null): boolean {
  if (value === null) return false;
  const src = value.trim();
  if (sitePath.test(src)) return true;
  const protocol = protocolOf(src);
  return protocol === 'http:' || protocol === 'https:';
}

/** What a writer typed, made into an address: "example.com" becomes https://example.com. */
export function normaliseHref(value: string): string {
  const href = value.trim();
  if (sitePath.test(href) || /^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(href)) return `mailto:${href}`;
  return `https://${href}`;
}

import { createContext, useContext } from 'react';

/**
 * The public origin for absolute URLs (canonical, Open Graph, JSON-LD). The server renderer passes
 * SITE_URL; the browser entry passes location.origin before rendering, so no component reads window.
 */
export const OriginContext = createContext('');

export function useAbsoluteUrl(path: string): string {
  return new URL(path, useContext(OriginContext) || 'http://localhost').href;
}

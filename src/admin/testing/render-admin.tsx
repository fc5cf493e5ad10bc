import { routes } from '@/app/routes.tsx';
import { renderRoutes } from '@/api/testing/render.tsx';

export const admin = { name: 'Asha Admin', email: 'admin@northbeam.example' };

/** Answers GET /api/auth/me for a browser with a live session. */
export const signedIn = { 'GET /api/auth/me': { body: admin } };

/** The app's real route tree at an admin URL; its chunks load lazily, so the first find may wait for them. */
export function renderAdmin(url: string) {
  return renderRoutes(routes, url);
}

/** Long enough for a lazy route chunk to be transformed and loaded on a first visit in the test run. */
export const chunkWait = { timeout: 10_000 };

import './styles/global.css';
import { listenForEarlyMenu } from './site/header/early-menu.ts';

/**
 * The page's first script, a few hundred bytes. The server's HTML is the whole page, so the app (React, the router,
 * the page's chunks) is requested only once the page has loaded and the browser is idle: its download and its work
 * never compete with first paint. A page without server HTML (the admin's) starts at once.
 */
function afterFirstPaint(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 0);
      }),
  );
}

/** A visitor who starts using the page before then should not wait for idle time. */
function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown']) {
      window.addEventListener(type, () => resolve(), { once: true, passive: true, capture: true });
    }
  });
}

const serverRendered = document.getElementById('app-state') !== null;
if (serverRendered) listenForEarlyMenu();
void (serverRendered ? Promise.race([afterFirstPaint(), firstInteraction()]) : Promise.resolve())
  .then(() => import('./main.tsx'))
  // Without the app the page stays what the server sent: its links and forms work as plain HTML.
  .catch((error: unknown) => console.error('The app could not start', error));

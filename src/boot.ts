import './styles/global.css';
import { listenForEarlyMenu } from './site/header/early-menu.ts';
import { listenForEarlyVideoControl } from './sections/video-hero/early-video-control.ts';
import { countPageViews } from './stats/beacon.ts';
import { browserIdle, loadedAndPainted } from './ui/page-timing.ts';

/**
 * The page's first script, a few hundred bytes. The server's HTML is the whole page, so the app (React, the router,
 * the page's chunks) is requested only once the page has loaded and been painted and the browser is idle: its
 * download and its work never compete with first paint. A page without server HTML (the admin's) starts at once.
 */
function afterFirstPaint(): Promise<void> {
  return loadedAndPainted().then(() => browserIdle(1000));
}

/** A visitor who starts using the page before then should not wait for idle time. */
function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown']) {
      window.addEventListener(type, () => resolve(), { once: true, passive: true, capture: true });
    }
  });
}

/** Ends the current task, so the browser can paint and answer input before the next module is evaluated. */
function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** The admin lives under /admin, with its own router; every other page is a public page. */
const inAdmin = /^\/admin(\/|$)/.test(window.location.pathname);

/**
 * The app's modules, each evaluated in a task of its own: a static import graph would evaluate React, react-dom,
 * the router and the app in one long task. Each import finds the modules before it already evaluated. Public pages
 * run the site's own small router (src/ui/site-router); only the admin downloads react-router.
 */
async function startApp(): Promise<void> {
  await import('./app/evaluate-react.ts');
  await nextTask();
  await import('./app/evaluate-react-dom.ts');
  await nextTask();
  if (inAdmin) {
    // One export named, not the whole module: the build then keeps only the router's parts that the admin uses.
    await import('react-router-dom').then(({ createBrowserRouter }) => createBrowserRouter);
    await nextTask();
    const { start } = await import('./admin-main.tsx');
    await nextTask();
    start();
    return;
  }
  const { start } = await import('./main.tsx');
  await nextTask();
  await start();
}

const serverRendered = document.getElementById('app-state') !== null;
if (serverRendered) {
  listenForEarlyMenu();
  listenForEarlyVideoControl();
  countPageViews();
}
void (serverRendered ? Promise.race([afterFirstPaint(), firstInteraction()]) : Promise.resolve())
  .then(startApp)
  // Without the app the page stays what the server sent: its links and forms work as plain HTML.
  .catch((error: unknown) => console.error('The app could not start', error));

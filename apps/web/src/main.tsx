import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { appRouter } from './app/router';
import { setSessionExpiredHandler } from './lib/api';
import { nextTask } from './lib/next-task';

setSessionExpiredHandler(() => void appRouter().navigate('/login'));

/**
 * The build preloads the app's stylesheet without letting it block the splash (vite.config.ts):
 * it is applied here, and React's first render waits for it (at most 5 s), so nothing shows unstyled.
 */
function appStylesheets(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-app-css][rel="preload"]');
  return Promise.all(
    Array.from(links, (link) => {
      const applied = new Promise<void>((done) => {
        link.addEventListener('load', () => done(), { once: true });
        link.addEventListener('error', () => done(), { once: true });
        setTimeout(done, 5000);
      });
      link.rel = 'stylesheet';
      return applied;
    }),
  );
}

/**
 * The start after the entry's evaluation, each step in a task of its own: on a phone the
 * evaluation is already the longest task, and the router (matching the address, starting the
 * first page's loading) and the stylesheet's parse made it longer still (docs/benchmarks.md).
 * The first render is a transition: React renders the app in short slices instead of one long
 * task (a phone's main thread stays free to answer a tap), and commits it at once as before.
 */
async function start() {
  await nextTask();
  const router = appRouter();
  await nextTask();
  await appStylesheets();
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();

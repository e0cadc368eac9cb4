import './index.css';

/** Ends the current task: what follows runs in a new one (a module import alone may not). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code is evaluated in steps, each its own task: React, zod (configured
 * before any schema is built, see zod-config.ts), the data layer (TanStack Query, the session and
 * the contracts' schemas), the realtime layer (every service's event schemas), then the app itself. Evaluated as one module graph it was the longest
 * task of a phone's first visit (about 270 ms under Lighthouse's 4x CPU throttle). Every step's
 * files are already asked for by the boot script (web/vite.config.ts), so no step waits for the
 * network.
 */
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/zod-config.ts'))
  .then(nextTask)
  .then(() => import('./lib/query-client.ts'))
  .then(nextTask)
  .then(() => import('./lib/realtime-context.tsx'))
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .then(({ start }) => void start());

/** Set on <html>, and dispatched on the document, by index.html's loader (vite.config.ts). */
const APP_FILES_REQUESTED = 'data-app-files-requested';

/**
 * Resolves once index.html's loader has asked for every file of the app and of the first page
 * (a few links per task). Importing a page before that makes Vite's import helper add the missing
 * links itself, all in one task: dozens for the receipts screen, a long task on a phone. At once
 * without the loader (dev server) or once it has finished; at most `timeoutMs` later anyway.
 */
export function appFilesRequested(timeoutMs = 2000): Promise<void> {
  const root = document.documentElement;
  if (import.meta.env.DEV || root.hasAttribute(APP_FILES_REQUESTED)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener(APP_FILES_REQUESTED, done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    document.addEventListener(APP_FILES_REQUESTED, done);
  });
}

import {
  buildServerBundle,
  buildWeb,
  freePort,
  makeRunDir,
  ROOT,
  type RunningServer,
  startServer,
} from '../../apps/server/scripts/server-process';

export { freePort, ROOT, type RunningServer, startServer };

/**
 * Builds the web app and the server bundle into a folder of this run's own, so several e2e
 * runs (or a rebuild during one) never serve each other's files.
 */
export function buildForRun(): { serverEntry: string; webDist: string; cleanup(): void } {
  const run = makeRunDir('e2e');
  try {
    const webDist = buildWeb(run.dir);
    const serverEntry = buildServerBundle(run.dir);
    return { serverEntry, webDist, cleanup: run.cleanup };
  } catch (error) {
    run.cleanup();
    throw error;
  }
}

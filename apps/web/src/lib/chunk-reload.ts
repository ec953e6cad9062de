// After a redeploy, a tab opened before it asks for code files that no longer exist. One full
// reload fetches the new index.html and its files; a second failure in a row is a real error
// and is shown (the flag stops a reload loop).
const RELOADED_AT_KEY = 'mostrador:reloaded-for-missing-code';

/**
 * `destination`: where the user was going (a client-side navigation has not changed the address
 * yet), so the reload lands on the page they asked for; the current address otherwise.
 */
export async function loadOrReloadOnce<T>(load: () => Promise<T>, destination?: () => string | null): Promise<T> {
  try {
    const loaded = await load();
    sessionStorage.removeItem(RELOADED_AT_KEY);
    return loaded;
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_AT_KEY)) throw error;
    sessionStorage.setItem(RELOADED_AT_KEY, new Date().toISOString());
    const target = destination?.();
    if (target) window.location.assign(target);
    else window.location.reload();
    // The page is going away: never settle, so nothing renders an error in the meantime.
    return new Promise<T>(() => undefined);
  }
}

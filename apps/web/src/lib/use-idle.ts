import { useEffect, useState } from 'react';

/**
 * False until the browser first has time to spare after mount (at most 2 s): for what the first
 * render can leave out (closed dialogs, containers), since on a phone that render is one long task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return idle;
}

import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `stages` parts of a screen to show: none until `when`, then one more each time the
 * browser has time to spare (at most 1 s), set in a transition. Each part renders in React's short
 * slices and commits in a task of its own, never in one long task with the first screen
 * (docs/decisions/102-profit.md, the Panel).
 */
export function useIdleStages(stages: number, when: boolean): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!when || shown >= stages) return undefined;
    const next = () => startTransition(() => setShown((n) => n + 1));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(next, 50);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(next, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }, [stages, when, shown]);
  return shown;
}

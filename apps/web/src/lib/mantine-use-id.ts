import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` (vite.config.ts swaps the module): the same id Mantine
 * renders first (`mantine-` + React's id), kept. Mantine's own replaces it with a random one in a
 * layout effect on mount, so every input, popover and tooltip of a screen rendered a second time,
 * synchronously, right after the screen's first commit (a long task on a phone).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}

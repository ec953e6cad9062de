import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/es-mx';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { AuthProvider } from '../features/auth/AuthProvider';
import { loadOrReloadOnce } from '../lib/chunk-reload';
import { confirmationWaiting, onConfirmationWaiting } from '../lib/confirm-queue';
import { queryClient } from '../lib/query-client';
import { useIdle } from '../lib/use-idle';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'mostrador.color-scheme' });

const Overlays = lazy(() => loadOrReloadOnce(() => import('./Overlays')));

/**
 * The notifications and modals containers (portals, transition groups, a closed modal) load and
 * mount when the browser is idle, not in the first screen's code and render, which they would
 * lengthen on a phone. Nothing is lost meanwhile: a notification shown before waits in Mantine's
 * store, and a confirmation asked for before (lib/confirm.ts) mounts them at once and opens then.
 */
function IdleOverlays() {
  const idle = useIdle();
  const wanted = useSyncExternalStore(onConfirmationWaiting, confirmationWaiting);
  return idle || wanted ? (
    <Suspense>
      <Overlays />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <DatesProvider settings={{ locale: 'es-mx', firstDayOfWeek: 1, weekendDays: [0, 6], labelSeparator: '–' }}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {children}
            <IdleOverlays />
          </AuthProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

import type { modals } from '@mantine/modals';
import { confirmNowOrOnMount } from './confirm-queue';

// The modals' container (ModalsProvider) mounts when the browser is first idle (app/Providers.tsx),
// and Mantine's modals are events only a mounted provider hears: a confirmation asked for before
// it mounted was lost (on a busy machine, 'Generar corte' right after opening Reportes showed
// nothing). So every confirmation goes through here: it asks the container to mount at once and
// opens once it has (lib/confirm-queue.ts).

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];

/** Opens a confirmation dialog, now or as soon as the modals' container has mounted. */
export function openConfirm(props: ConfirmProps): void {
  confirmNowOrOnMount(props);
}

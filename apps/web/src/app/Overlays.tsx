import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalsMounted } from '../lib/confirm-queue';

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];

/** The notifications and modals containers, loaded and mounted after the first screen (Providers.tsx). */
export default function Overlays() {
  // After the provider's own effects (a child's run first): it listens by now.
  useEffect(() => modalsMounted((props) => modals.openConfirmModal(props as ConfirmProps)), []);
  return (
    <>
      <Notifications position="bottom-right" limit={5} autoClose={7000} />
      <ModalsProvider />
    </>
  );
}

import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** The notifications and modals containers, loaded and mounted after the first screen (Providers.tsx). */
export default function Overlays() {
  return (
    <>
      <Notifications position="bottom-right" limit={5} autoClose={7000} />
      <ModalsProvider />
    </>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { hasLevel } from '@mostrador/shared';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { es } from '../../../i18n/es';
import { useAuth } from '../../auth';

const t = es.settings.share;

/**
 * Sharing a link while the shop has no public address: what to set and where, instead of a link
 * to this computer's address that the client's phone cannot open. An Admin gets the way there.
 */
export function PublicUrlMissingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { role } = useAuth();
  const admin = hasLevel(role, 'Private');
  return (
    <Modal opened={opened} onClose={onClose} title={t.title}>
      <Stack gap="md">
        <Text size="sm">{t.body}</Text>
        <Text size="sm" fw={500}>
          {admin ? t.admin : t.others}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
          {admin ? (
            <Button component={Link} to="/configuracion" leftSection={<IconSettings size={18} />} data-autofocus>
              {t.goToSettings}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

import { ActionIcon, Avatar, Group, Menu, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconLogout, IconMoon, IconSettings, IconShieldLock, IconSun } from '@tabler/icons-react';
import { canAuthorize } from '@mostrador/shared';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { TooltipOnHover } from '../../components/TooltipOnHover';
import { useAuth } from '../../features/auth/auth-context';
import { es } from '../../i18n/es';
import { loadOrReloadOnce } from '../../lib/chunk-reload';
import { useMountOnClick } from '../../lib/use-mount-on-click';

// The password form (its zod schema and @mantine/form) loads when the settings menu opens.
const loadChangePasswordModal = () => import('../../features/auth/components/ChangePasswordModal');
const ChangePasswordModal = lazy(() =>
  loadOrReloadOnce(loadChangePasswordModal).then((m) => ({ default: m.ChangePasswordModal })),
);

// The supervisor PIN's form, the same way (only Managers and Admins have the entry).
const loadSupervisorPinModal = () => import('../../features/supervisors/components/SupervisorPinModal');
const SupervisorPinModal = lazy(() =>
  loadOrReloadOnce(loadSupervisorPinModal).then((m) => ({ default: m.SupervisorPinModal })),
);

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Top bar, right side: theme toggle, user name with avatar, settings menu. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [changingPassword, passwordModal] = useDisclosure(false);
  // Mounted from its first opening on, so it closes with its transition like before.
  const [passwordModalUsed, setPasswordModalUsed] = useState(false);
  const [settingPin, pinModal] = useDisclosure(false);
  const [pinModalUsed, setPinModalUsed] = useState(false);
  const supervisor = canAuthorize(user?.role);
  // The settings Menu mounts on the button's first click, not with every page's first commit.
  const {
    armed: settingsArmed,
    target: settingsTarget,
    buttonProps: settingsProps,
  } = useMountOnClick<HTMLButtonElement>();
  const settingsButton = (
    <ActionIcon ref={settingsTarget} variant="default" size="lg" aria-label={es.layout.settings} {...settingsProps}>
      <IconSettings size={18} />
    </ActionIcon>
  );

  return (
    <Group gap="sm" wrap="nowrap">
      <TooltipOnHover label={es.layout.toggleColorScheme}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={es.layout.toggleColorScheme}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
        </ActionIcon>
      </TooltipOnHover>
      <Group gap={8} wrap="nowrap">
        <Avatar color="teal" radius="xl" size="md">
          {initials(user?.name ?? '')}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="xs" data-testid="current-user-name">
          {user?.name}
        </Text>
      </Group>
      {settingsArmed ? (
        <Menu position="bottom-end" withArrow onOpen={() => void loadChangePasswordModal().catch(() => undefined)}>
          <Menu.Target>{settingsButton}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{user?.email}</Menu.Label>
            <Menu.Item
              leftSection={<IconKey size={16} />}
              onClick={() => {
                setPasswordModalUsed(true);
                passwordModal.open();
              }}
            >
              {es.auth.changePassword}
            </Menu.Item>
            {supervisor ? (
              <Menu.Item
                leftSection={<IconShieldLock size={16} />}
                onClick={() => {
                  setPinModalUsed(true);
                  pinModal.open();
                }}
              >
                {es.supervisors.pin.menu}
              </Menu.Item>
            ) : null}
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={async () => {
                await logout();
                await navigate('/login');
              }}
            >
              {es.layout.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        settingsButton
      )}
      {passwordModalUsed ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={changingPassword} onClose={passwordModal.close} />
        </Suspense>
      ) : null}
      {pinModalUsed ? (
        <Suspense fallback={null}>
          <SupervisorPinModal opened={settingPin} onClose={pinModal.close} />
        </Suspense>
      ) : null}
    </Group>
  );
}

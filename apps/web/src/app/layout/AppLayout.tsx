import {
  AppShell,
  Burger,
  em,
  getBreakpointValue,
  Group,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useFullscreenDocument, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { TooltipOnHover } from '../../components/TooltipOnHover';
import { useAuth } from '../../features/auth/auth-context';
import { es } from '../../i18n/es';
import { navItemsFor } from './nav-items';
import { UserMenu } from './UserMenu';

/** The shared layout of every guarded route: fixed sidebar when wide, drawer under 768 px. */
export function AppLayout() {
  const { role } = useAuth();
  const { pathname } = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, setDesktopOpened] = useLocalStorage({ key: 'mostrador.sidebar-open', defaultValue: true });
  const { toggle: toggleFullscreen } = useFullscreenDocument();
  const items = navItemsFor(role);
  // A collapsed menu's links are not drawn until it first opens (on a phone the menu starts
  // collapsed, and the first render of a page is most of its blocking time); once drawn they stay.
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${em(getBreakpointValue('sm', theme.breakpoints))})`, undefined, {
    getInitialValueInEffect: false,
  });
  const [navDrawn, setNavDrawn] = useState(false);
  if (!navDrawn && (wide ? desktopOpened : mobileOpened)) setNavDrawn(true);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={es.layout.toggleNavigation}
            />
            <Burger
              opened={desktopOpened}
              onClick={() => setDesktopOpened((open) => !open)}
              visibleFrom="sm"
              size="sm"
              aria-label={es.layout.toggleNavigation}
            />
            <TooltipOnHover label={es.layout.toggleFullscreen}>
              <UnstyledButton
                onClick={toggleFullscreen}
                aria-label={`${es.common.appName}: ${es.layout.toggleFullscreen}`}
              >
                <Text component="span" fz="h3" fw={700} c="teal">
                  {es.common.appName}
                </Text>
              </UnstyledButton>
            </TooltipOnHover>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Menú principal">
        {navDrawn ? (
          <ScrollArea>
            {items.map((item) => (
              <NavLink
                key={item.page}
                component={RouterNavLink}
                to={item.path}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.5} />}
                active={
                  pathname === item.path ||
                  pathname.startsWith(`${item.path}/`) ||
                  (item.page === 'receipts' && pathname === '/')
                }
                onClick={closeMobile}
                variant="light"
                py="sm"
              />
            ))}
          </ScrollArea>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The frame of the signed-in shell: header (company, user), side menu, and the routed screen. */
import { lazy, Suspense } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { AppRoutes } from './AppRoutes.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

// the toast container remotes use (notifications.show); loaded after sign-in, not with the login page
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Ouvrir le menu" />
            <Text component={Link} to="/" fw={700} size="lg">Comptoir</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <CompanySwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Menu principal">
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <AppRoutes />
      </AppShell.Main>
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
    </AppShell>
  );
}

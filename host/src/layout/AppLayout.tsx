/** The frame of the signed-in shell: header (notifications, company, user), side menu, and the routed screen. */
import { useEffect, useRef, type MouseEvent } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useLocation } from 'react-router';
import { focusHeading, focusScreenHeadingAfterNavigation, installErrorRevealer, installFocusKeeper, screenHeading } from '@comptoir/sdk/ui';
import { NotificationBell } from '../realtime/NotificationBell.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { Toasts } from './Toasts.tsx';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  // the toasts belong to this session: none survives a logout into the next one
  useEffect(() => () => notifications.clean(), []);
  // focus never falls back to <body> (a disabled « Enregistrer », a closed dialog, a new screen)
  useEffect(() => installFocusKeeper(document), []);
  // a refused form shows its first invalid field, in view and focused, whatever the screen
  useEffect(() => installErrorRevealer(document), []);
  useFocusOnNavigation();
  return (
    <>
    <a href="#contenu" className="comptoir-skip-link" onClick={skipToContent}>Aller au contenu</a>
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
            <NotificationBell />
            <CompanySwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Menu principal">
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="contenu">
        <AppRoutes />
      </AppShell.Main>
      {/* the toasts of the shell, of the live channel and of the remotes (notifications.show) */}
      <Toasts />
    </AppShell>
    </>
  );
}

/** A new screen (not the first one: the page starts at the skip link) takes the focus on its heading. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    return focusScreenHeadingAfterNavigation(document);
  }, [pathname]);
}

/** The skip link moves the focus itself: the URL keeps no #contenu, the router sees no change. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const target = screenHeading(document);
  if (target) focusHeading(target);
}

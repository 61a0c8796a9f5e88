/**
 * Side menu: the shell's daily screens, the plugins' entries (already filtered by the server), then
 * the shell's administration screens.
 */
import { NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { SCREENS } from '../screens/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { pluginRoutes, usePlugins } from '../plugins/usePlugins.ts';

function isActive(pathname: string, path: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

function Section({ title }: { title: string }) {
  return <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>{title}</Text>;
}

export function SideMenu({ onNavigate }: { onNavigate(): void }) {
  const { pathname } = useLocation();
  const { can } = useSession();
  const plugins = usePlugins();
  const visible = SCREENS.filter((s) => s.menu && (!s.permission || can(s.permission)));
  const entries = (menu: 'daily' | 'admin') => visible.filter((s) => s.menu === menu).map((s) => (
    <NavLink key={s.path} component={Link} to={s.path} label={s.label} active={isActive(pathname, s.path)} onClick={onNavigate} />
  ));
  const routes = pluginRoutes(plugins.data);
  return (
    <ScrollArea component="nav" h="100%" data-testid="side-menu">
      <Stack gap={2}>
        <Section title="Comptoir" />
        {entries('daily')}
        <Section title="Modules" />
        {plugins.isPending && <Skeleton h={28} mx="sm" />}
        {plugins.isError && <Text size="sm" c="red" px="sm">Impossible de charger la liste des modules.</Text>}
        {plugins.isSuccess && routes.length === 0 && <Text size="sm" c="dimmed" px="sm">Aucun module activé.</Text>}
        {routes.map((r) => (
          <NavLink key={r.path} component={Link} to={r.path} label={r.entry.label} active={isActive(pathname, r.path)} onClick={onNavigate} />
        ))}
        <Section title="Administration" />
        {entries('admin')}
      </Stack>
    </ScrollArea>
  );
}

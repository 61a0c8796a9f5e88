import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';

function initials(first?: string, last?: string, email?: string): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (letters || email?.[0] || '?').toUpperCase();
}

export function UserMenu() {
  const { user, logout } = useSession();
  const name = [user?.firstname, user?.name].filter(Boolean).join(' ') || user?.email || '';
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Mon compte">
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="indigo">{initials(user?.firstname, user?.name, user?.email)}</Avatar>
            <Text size="sm" visibleFrom="md">{name}</Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/preferences">Préférences</Menu.Item>
        <Menu.Item component={Link} to="/sessions">Mes sessions</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>Se déconnecter</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';
import { avatarUrl, initials } from './avatar.ts';

export function UserMenu() {
  const { user, logout } = useSession();
  const name = [user?.firstname, user?.name].filter(Boolean).join(' ') || user?.email || '';
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Mon compte">
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="indigo" src={avatarUrl(user, 's64')} alt={avatarUrl(user, 's64') ? 'Ma photo' : undefined} data-testid="user-avatar">
              {initials(user)}
            </Avatar>
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

import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session/SessionProvider.tsx';
import { avatarUrl, initials } from './avatar.ts';

export function UserMenu() {
  const { user, logout } = useSession();
  const name = [user?.firstname, user?.name].filter(Boolean).join(' ') || user?.email || '';
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        {/* named by what it shows, the user's name (WCAG 2.5.3): no aria-label, the text is the name;
            on a narrow screen, where the name is not drawn, it is still there for a screen reader */}
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="indigo" src={avatarUrl(user, 's64')} alt="" aria-hidden="true" data-testid="user-avatar">
              {initials(user)}
            </Avatar>
            <Text size="sm" visibleFrom="md">{name || 'Mon compte'}</Text>
            <VisuallyHidden hiddenFrom="md">{name || 'Mon compte'}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/preferences">Préférences</Menu.Item>
        <Menu.Item component={Link} to="/sessions">Mes sessions</Menu.Item>
        <Menu.Divider />
        {/* Mantine draws Menu.Item's `color` with shade 6 whatever the theme (3.3:1 on white): the
            theme's readable red is `c="red"` */}
        <Menu.Item onClick={() => void logout()}><Text span c="red" inherit>Se déconnecter</Text></Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

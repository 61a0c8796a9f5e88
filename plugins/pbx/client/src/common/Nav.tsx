/** The tabs of « Téléphonie »: each screen is a route under the plugin's menu path. */
import { NavLink } from 'react-router';
import { Button, Group } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';

const TABS = [
  { to: '', label: 'Appels' },
  { to: '/numeros', label: 'Numéros et listes' },
  { to: '/listes-de-lecture', label: 'Listes de lecture' },
  { to: '/periodes', label: 'Périodes de l’année' },
  { to: '/postes', label: 'Postes' },
];

export function Nav() {
  const base = useComptoir().basePath ?? '/telephonie';
  return (
    <Group gap="xs" mb="md" component="nav" aria-label="Téléphonie">
      {TABS.map((t) => (
        <NavLink key={t.to} to={`${base}${t.to}`} end={t.to === ''} style={{ textDecoration: 'none' }}>
          {({ isActive }) => <Button component="span" size="xs" variant={isActive ? 'filled' : 'default'}>{t.label}</Button>}
        </NavLink>
      ))}
    </Group>
  );
}

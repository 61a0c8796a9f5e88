/** The links between the screens of « Réservations » (under the plugin's own menu path, package.json). */
import { Group, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, WRITE } from '../api.ts';

export const BASE = '/reservations';

export function BookingNav() {
  const { can } = useComptoir();
  return (
    <Group gap="xs">
      <Button component={Link} to={BASE} variant="light" size="xs">Calendrier</Button>
      {can(WRITE) && <Button component={Link} to={`${BASE}/reservations/nouvelle`} variant="light" size="xs">Nouvelle réservation</Button>}
      {can(MANAGE) && <Button component={Link} to={`${BASE}/salles`} variant="light" size="xs">Salles</Button>}
      {can(MANAGE) && <Button component={Link} to={`${BASE}/reservants`} variant="light" size="xs">Types de réservants</Button>}
    </Group>
  );
}

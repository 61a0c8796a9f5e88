/** One item, and the business action: archive it (the server sends a live notification). */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, MANAGE, errorText, type Item } from '../api.ts';

export function ItemScreen() {
  const { id = '' } = useParams();
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const item = useEntity<Item>(ITEMS, id);
  const [error, setError] = useState<string | null>(null);

  async function archive() {
    setError(null);
    try {
      await api.post<Item>(`${ITEMS}/${id}/archive`);
      await invalidate(ITEMS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (item.isPending) return <Loader />;
  if (item.isError) return <Alert color="red" title="Élément introuvable">{errorText(item.error)}</Alert>;
  const it = item.data;
  return (
    <Stack data-testid='surveys-item'>
      <Anchor component={Link} to=".." relative="path">← Tous les éléments</Anchor>
      <PageHeader
        title={it.name}
        actions={it.archived ? <Badge color="gray">Archivé le {formatDateTime(it.archivedAt)}</Badge> : <Badge>Actif</Badge>}
      />
      {it.description && <Text>{it.description}</Text>}
      <Text>Prix HT : {formatMoney(it.price)}</Text>
      <Text size="sm" c="dimmed">Créé le {formatDateTime(it.metadata.creationDate)}</Text>
      {error && <Alert color="red">{error}</Alert>}
      {can(MANAGE) && !it.archived && <Group><Button onClick={archive}>Archiver</Button></Group>}
    </Stack>
  );
}

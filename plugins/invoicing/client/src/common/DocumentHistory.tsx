/**
 * « Historique » of a document: its activities from the kernel's log (`fk.object`), newest first —
 * creation, changes, and « E-mail envoyé à … » once a sent e-mail is delivered (polled, since the
 * delivery happens after the answer). Shown to who may read the activity log.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, useComptoir } from '@comptoir/sdk/react';
import { Section } from '@comptoir/sdk/ui';
import { ACTIVITIES, PERMISSIONS } from '../api.ts';

interface ActivityRow { _id: string; date: string; type: 'jsonPatch' | 'emailSent' | 'info'; description?: string; tags?: string[] }

const TYPE_LABELS: Record<ActivityRow['type'], { label: string; color: string }> = {
  emailSent: { label: 'E-mail', color: 'teal' },
  jsonPatch: { label: 'Modification', color: 'gray' },
  info: { label: 'Note', color: 'blue' },
};

export function DocumentHistory({ objectId }: { objectId: string }) {
  const { api, can, company } = useComptoir();
  const allowed = can(PERMISSIONS.activitiesRead);
  const list = useQuery({
    queryKey: ['invoicing', 'history', company?._id, objectId],
    queryFn: () => api.list<ActivityRow>(ACTIVITIES, {
      filters: { 'fk.object': { mode: 'eq', value: objectId } },
      sort: { field: '_id', ascending: false },
      pagination: { quantity: 50, page: 1 },
    }),
    enabled: allowed,
    // a sent e-mail is delivered after the answer: its activity appears a moment later
    refetchInterval: 3000,
  });
  if (!allowed) return null;
  const rows = list.data?.data ?? [];
  return (
    <Section title="Historique">
      <Stack gap={6} data-testid="invoicing-history">
        {list.isPending && <Text size="sm" c="dimmed">Chargement…</Text>}
        {!list.isPending && rows.length === 0 && <Text size="sm" c="dimmed">Aucune activité.</Text>}
        {rows.map((a) => (
          <Group key={a._id} gap="sm" wrap="nowrap" align="flex-start" data-testid="invoicing-history-row">
            <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>{formatDateTime(a.date)}</Text>
            <Badge size="xs" variant="light" color={TYPE_LABELS[a.type]?.color ?? 'gray'} style={{ flexShrink: 0 }}>{TYPE_LABELS[a.type]?.label ?? a.type}</Badge>
            <Text size="sm">{a.description ?? ''}</Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}

/**
 * « Historique » of a document: its activities from the kernel's log (`fk.object`), newest first —
 * « Création », « Modification » with the fields changed, « Émission » (the change that gave it its
 * number), and « E-mail envoyé » once a sent e-mail is delivered (polled, since the delivery
 * happens after the answer). The words come from the UI kit (`activityKind`, `activityText`).
 * Shown to who may read the activity log.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, useComptoir } from '@comptoir/sdk/react';
import { Section, activityKind, activityText, patchPaths, type ActivityEntry, type ActivityKind } from '@comptoir/sdk/ui';
import { ACTIVITIES, PERMISSIONS } from '../api.ts';

interface ActivityRow extends ActivityEntry { _id: string; date: string }

/**
 * The change that numbered the document is its emission (a quotation's too); an invoice created
 * and emitted at once (POST /invoices/emit: its creation carries its number and hash) has one
 * entry, « Création et émission ». A quotation, numbered at its creation but never hashed, is created.
 */
function kindOf(a: Pick<ActivityEntry, 'type' | 'data' | 'tags'>): ActivityKind {
  if (a.type !== 'jsonPatch') return activityKind(a as ActivityEntry);
  const paths = patchPaths(a.data);
  if (!paths.includes('numberFull')) return activityKind(a as ActivityEntry);
  if (!a.tags?.includes('création')) return { label: 'Émission', color: 'indigo' };
  if (paths.includes('hash')) return { label: 'Création et émission', color: 'indigo' };
  return activityKind(a as ActivityEntry);
}

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
        {rows.map((a) => {
          const kind = kindOf(a);
          return (
            <Group key={a._id} gap="sm" wrap="nowrap" align="flex-start" data-testid="invoicing-history-row">
              <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>{formatDateTime(a.date)}</Text>
              <Badge size="xs" variant="light" color={kind.color} tt="none" style={{ flexShrink: 0 }}>{kind.label}</Badge>
              <Text size="sm">{kind.color === 'indigo' ? '' : activityText(a)}</Text>
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}

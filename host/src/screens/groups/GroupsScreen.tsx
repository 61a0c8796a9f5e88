/**
 * `/groupes`: the groups of the active company, one tree per collection (clients, fournisseurs,
 * articles…): create at the root or under a group, rename, colour, move, delete (not a group with
 * subgroups), and the collection's settings. Reading is open to members; changes need
 * kernel.groups.manage.
 */
import { useState } from 'react';
import { Button, Card, Grid, Select, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, QueryFailed, notifySaved } from '@comptoir/sdk/ui';
import { ScreenLoader } from '../../layout/FullPageLoader.tsx';
import { GroupDialog, type GroupDialogState } from './GroupDialog.tsx';
import { GroupSettingsForm } from './GroupSettingsForm.tsx';
import { GroupTree } from './GroupTree.tsx';
import { GROUPS_PATH, GROUPS_PERMISSION, collectionLabel, type GroupNode, type GroupTreeAnswer } from './groupTypes.ts';

const PREFERRED = 'contacts.customers';

export default function GroupsScreen() {
  const { api, company, can } = useComptoir();
  const invalidate = useInvalidate();
  const canManage = can(GROUPS_PERMISSION);
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<GroupDialogState | null>(null);
  const [removing, setRemoving] = useState<GroupNode | null>(null);
  const collections = useQuery({
    queryKey: ['kernel', 'groups', 'collections', company?._id ?? null],
    queryFn: () => api.get<{ data: string[] }>(`${GROUPS_PATH}/collections`),
  });
  const all = collections.data?.data ?? [];
  const pluginIdentifier = chosen ?? (all.includes(PREFERRED) ? PREFERRED : all[0] ?? null);
  const tree = useQuery({
    queryKey: ['kernel', 'groups', 'tree', pluginIdentifier, company?._id ?? null],
    queryFn: () => api.get<GroupTreeAnswer>(`${GROUPS_PATH}/tree`, { pluginIdentifier: pluginIdentifier! }),
    enabled: !!pluginIdentifier,
  });

  async function remove(g: GroupNode) {
    await api.delete(`${GROUPS_PATH}/${g._id}`);
    await invalidate(GROUPS_PATH);
    notifySaved(`Groupe « ${g.name} » supprimé.`);
  }

  if (collections.isPending) return <ScreenLoader />;
  if (collections.isError) return <QueryFailed error={collections.error} onRetry={() => void collections.refetch()} />;
  const settings = tree.data?.settings;
  const canNest = (n: GroupNode) => !!settings && settings.mode === 'tree' && n.depth < settings.maxDepth;

  return (
    <>
      <PageHeader
        title="Groupes"
        description="Classez clients, fournisseurs, articles… en groupes et sous-groupes."
        actions={canManage && pluginIdentifier && <Button onClick={() => setDialog({ mode: 'create', parent: null })}>Nouveau groupe</Button>}
      />
      <Select
        label="Collection" w={420} mb="lg" allowDeselect={false} searchable
        data={all.map((c) => ({ value: c, label: collectionLabel(c) }))} value={pluginIdentifier} onChange={setChosen}
      />
      {tree.isError && <QueryFailed error={tree.error} onRetry={() => void tree.refetch()} />}
      {tree.isPending && pluginIdentifier && <Text c="dimmed" size="sm">Chargement des groupes…</Text>}
      {tree.data && pluginIdentifier && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <GroupTree
              nodes={tree.data.data}
              actions={{ canManage, canNest, onAddChild: (n) => setDialog({ mode: 'create', parent: n }), onEdit: (n) => setDialog({ mode: 'edit', group: n }), onRemove: setRemoving }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder>
              <Title order={4} mb="sm">Réglages</Title>
              <GroupSettingsForm key={`${pluginIdentifier}-${JSON.stringify(tree.data.settings)}`} pluginIdentifier={pluginIdentifier} settings={tree.data.settings} canManage={canManage} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {dialog && tree.data && pluginIdentifier && (
        <GroupDialog state={dialog} pluginIdentifier={pluginIdentifier} tree={tree.data.data} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={removing !== null} title="Supprimer le groupe" confirmLabel="Supprimer"
        onConfirm={() => remove(removing!)} onClose={() => setRemoving(null)}
      >
        {removing && `Le groupe « ${removing.name} » sera supprimé ; les éléments qui y étaient classés le perdent. Un groupe qui a des sous-groupes ne peut pas être supprimé.`}
      </ConfirmDialog>
    </>
  );
}

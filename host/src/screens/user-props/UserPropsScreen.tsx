/**
 * `/proprietes` (kernel.user-props.manage): the custom fields of each collection (clients,
 * fournisseurs, établissements…), those of the company and those of the server, with their type,
 * where they show, and the server's offered ones the company may take up.
 */
import { useState } from 'react';
import { Badge, Button, Group, Select, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserProp } from '@comptoir/schemas';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, QueryFailed, USER_PROPS_PATH, appliesToCompany, errorMessage, notifyFailed, notifySaved } from '@comptoir/sdk/ui';
import { UserPropDialog } from './UserPropDialog.tsx';
import { PLACEMENT_LABELS, SCOPE_LABELS, TYPE_LABELS, scopeOf } from './userPropForm.ts';

interface Collection { pluginIdentifier: string; plugin: string; name: string; label: string }

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function UserPropsScreen() {
  const { api, company, can } = useComptoir();
  const queries = useQueryClient();
  const collections = useQuery({
    queryKey: ['kernel', 'user-props', 'collections', company?._id],
    queryFn: () => api.get<{ data: Collection[] }>(`${USER_PROPS_PATH}/collections`),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const collection = picked ?? collections.data?.data.find((c) => c.pluginIdentifier === 'contacts.customers')?.pluginIdentifier
    ?? collections.data?.data[0]?.pluginIdentifier ?? '';
  const props = useList<UserProp>(USER_PROPS_PATH, {
    filters: { pluginIdentifier: { mode: 'eq', value: collection } }, pagination: { quantity: 500, page: 1 }, sort: { field: 'name', ascending: true },
  }, { enabled: !!collection });
  const [editing, setEditing] = useState<UserProp | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserProp | null>(null);
  const serverAdmin = can('kernel.user-props.server');
  const refresh = () => queries.invalidateQueries({ queryKey: ['kernel', 'user-props'] });

  async function remove(p: UserProp) {
    await api.delete(`${USER_PROPS_PATH}/${encodeURIComponent(p._id)}`);
    await refresh();
    notifySaved(`La propriété « ${p.name} » est supprimée.`);
  }
  async function setUsed(p: UserProp, used: boolean) {
    try {
      await api.put(`${USER_PROPS_PATH}/${encodeURIComponent(p._id)}/usage`, { used });
      await refresh();
      notifySaved(used ? `« ${p.name} » est utilisée par votre entreprise.` : `« ${p.name} » n’est plus utilisée par votre entreprise.`);
    } catch (e) {
      notifyFailed(errorMessage(e));
    }
  }

  const label = collections.data?.data.find((c) => c.pluginIdentifier === collection)?.label;
  return (
    <>
      <PageHeader
        title="Propriétés personnalisées"
        description="Les champs que vous ajoutez aux fiches : ils s’affichent dans les formulaires, les listes et les fiches, et servent de filtres."
        actions={collection && <Button onClick={() => setEditing('new')}>Nouvelle propriété</Button>}
      />
      {collections.isError && <QueryFailed error={collections.error} onRetry={() => void collections.refetch()} />}
      <Select
        label="Fiches concernées" mb="md" w={{ base: '100%', xs: 340 }} allowDeselect={false} value={collection || null}
        data={(collections.data?.data ?? []).map((c) => ({ value: c.pluginIdentifier, label: `${capitalised(c.label)}s (${c.plugin})` }))}
        onChange={(c) => c && setPicked(c)}
      />
      {props.isError ? <QueryFailed error={props.error} onRetry={() => void props.refetch()} /> : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Propriétés personnalisées">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th><Table.Th>Variable</Table.Th><Table.Th>Type</Table.Th><Table.Th>Portée</Table.Th>
                <Table.Th>Formulaire / liste / fiche</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.data?.data.map((p) => {
                const mine = !p.server;
                const editable = mine ? true : serverAdmin;
                const offered = p.server && p.allowCompaniesToUseThisProperty && !p.applyForAllCompanies;
                return (
                  <Table.Tr key={p._id}>
                    <Table.Td><Text size="sm" fw={500}>{p.name}</Text>{p.required && <Badge size="xs" variant="light" ml={6}>obligatoire</Badge>}</Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{p.variable}</Text></Table.Td>
                    <Table.Td><Text size="sm">{TYPE_LABELS[p.type]}{p.multiple ? ' (plusieurs)' : ''}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={mine ? 'blue' : 'grape'} tt="none">{mine ? 'Entreprise' : SCOPE_LABELS[scopeOf(p)]}</Badge></Table.Td>
                    <Table.Td><Text size="sm">{[p.editionPlacement, p.listPlacement, p.cardPlacement].map((x) => PLACEMENT_LABELS[x]).join(' / ')}</Text></Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {offered && <Switch label="Utilisée" checked={appliesToCompany(p, company?._id)} onChange={(e) => void setUsed(p, e.currentTarget.checked)} />}
                        {editable && <Button size="compact-sm" variant="light" onClick={() => setEditing(p)}>Modifier</Button>}
                        {editable && <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(p)}>Supprimer</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {props.data?.data.length === 0 && <Text c="dimmed" size="sm" mt="md">Aucune propriété pour les {label ?? 'fiches'}s.</Text>}
      {editing && <UserPropDialog prop={editing === 'new' ? null : editing} collection={collection} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null} title="Supprimer la propriété" confirmLabel="Supprimer"
        onConfirm={() => remove(deleting!)} onClose={() => setDeleting(null)}
      >
        {deleting && `« ${deleting.name} » ne sera plus proposée ni affichée ; les valeurs déjà saisies restent dans les fiches.`}
      </ConfirmDialog>
    </>
  );
}

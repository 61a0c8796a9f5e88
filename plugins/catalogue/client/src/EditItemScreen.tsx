/** `:id`: an item's form, its sales count, and its deletion (with confirmation). */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime, formatNumber, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, FormActions, PageHeader, QueryFailed, notifySaved, useSubmit } from '@comptoir/sdk/ui';
import { ItemFields } from './ItemForm.tsx';
import { bodyOf, validateItem, valuesOf, type ItemFormValues } from './itemForm.ts';
import { ITEMS, MANAGE, type Item } from './items.ts';

export function EditItemScreen() {
  const { id = '' } = useParams();
  const item = useEntity<Item>(ITEMS, id);
  if (item.isPending) return <Loader aria-label="Chargement de l’article" />;
  if (item.isError) return <QueryFailed error={item.error} title="Article introuvable" onRetry={() => void item.refetch()} />;
  return <EditItem key={item.data._id} item={item.data} />;
}

function EditItem({ item }: { item: Item }) {
  const { api, can } = useComptoir();
  const canManage = can(MANAGE);
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<ItemFormValues>({ initialValues: valuesOf(item), validate: validateItem });
  const submit = useSubmit(form, async (v) => {
    // the server keeps a pair computed by the same engine as is: the form already shows what is stored
    await api.put<Item>(`${ITEMS}/${item._id}`, bodyOf(v, 'update'));
    await invalidate(ITEMS);
  }, { success: 'L’article est enregistré.' });

  async function remove() {
    await api.delete(`${ITEMS}/${item._id}`);
    await invalidate(ITEMS);
    notifySaved(`« ${item.name} » est supprimé du catalogue.`);
    navigate('..', { relative: 'path' });
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate data-testid="catalogue-item">
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to=".." relative="path" size="sm">← Catalogue</Anchor>
        <PageHeader
          title={item.name}
          description={(
            <Group gap="xs" component="span">
              {item.enabled ? <Badge>Actif</Badge> : <Badge color="gray">Désactivé</Badge>}
              <Text span size="sm" c="dimmed">
                Vendu : {formatNumber(item.salesCount, 4)} · modifié le {formatDateTime(item.metadata.lastModificationDate)}
              </Text>
            </Group>
          )}
          actions={canManage && <Button color="red" variant="light" onClick={() => setDeleting(true)}>Supprimer</Button>}
        />
        <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
          <ItemFields form={form} />
        </fieldset>
        {canManage && (
          <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting} title="Supprimer l’article" confirmLabel="Supprimer"
        onConfirm={remove} onClose={() => setDeleting(false)}
      >
        {`« ${item.name} » sera supprimé du catalogue. Les devis et factures qui le citent le gardent tel qu’il y est écrit. Pour seulement ne plus le proposer, désactivez-le.`}
      </ConfirmDialog>
    </form>
  );
}

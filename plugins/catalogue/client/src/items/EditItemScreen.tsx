/** `:id`: an item's form, its sales count, its archiving / restoring and its deletion (each with confirmation). */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime, formatNumber, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, FormActions, PageHeader, QueryFailed, notifyFailed, notifySaved, useSubmit } from '@comptoir/sdk/ui';
import { ItemFields } from './ItemForm.tsx';
import { bodyOf, validateItem, valuesOf, type ItemFormValues } from './itemForm.ts';
import { ITEMS, MANAGE, type Item } from '../api.ts';

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
  const [archiving, setArchiving] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const form = useForm<ItemFormValues>({ initialValues: valuesOf(item), validate: validateItem });
  const submit = useSubmit(form, async (v) => {
    // the server keeps a pair computed by the same engine as is: the form already shows what is stored
    await api.put<Item>(`${ITEMS}/${item._id}`, bodyOf(v, 'update'));
    await invalidate(ITEMS);
  }, { success: 'L’article est enregistré.' });

  async function archive(action: 'archive' | 'restore') {
    await api.post(`${ITEMS}/${item._id}/${action}`);
    await invalidate(ITEMS);
    notifySaved(action === 'archive' ? `« ${item.name} » est archivé.` : `« ${item.name} » est restauré.`);
  }

  async function restore() {
    setRestoring(true);
    try { await archive('restore'); } catch (e) { notifyFailed(e); } finally { setRestoring(false); }
  }

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
              {item.enabled ? <Badge>Actif</Badge> : <Badge color="gray" data-testid="archived-badge">Archivé</Badge>}
              <Text span size="sm" c="dimmed">
                Vendu : {formatNumber(item.salesCount, 4)} · modifié le {formatDateTime(item.metadata.lastModificationDate)}
              </Text>
            </Group>
          )}
          actions={canManage && (
            <Group gap="xs">
              {item.enabled
                ? <Button variant="default" onClick={() => setArchiving(true)}>Archiver</Button>
                : <Button variant="light" loading={restoring} onClick={() => void restore()}>Restaurer</Button>}
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>Supprimer</Button>
            </Group>
          )}
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
        {`« ${item.name} » sera supprimé du catalogue. Un article qui figure sur des devis, factures ou achats ne peut pas être supprimé : archivez-le.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={archiving} title="Archiver l’article" confirmLabel="Archiver"
        onConfirm={() => archive('archive')} onClose={() => setArchiving(false)}
      >
        {`« ${item.name} » ne sera plus proposé dans les devis, factures et achats, ni dans la liste du catalogue. Les documents qui le citent le gardent, et vous le retrouvez avec le filtre « Archivés » pour le restaurer.`}
      </ConfirmDialog>
    </form>
  );
}

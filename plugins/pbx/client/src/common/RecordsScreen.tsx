/**
 * What the configuration screens share: a list of one collection (sorted, paged, refreshed live),
 * a dialog with the record's form to add or change one, deletion with confirmation. Each screen
 * gives its columns and its form (fields with Mantine's useForm; the API's French errors land on the
 * inputs through useSubmit).
 */
import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';

/** the form Mantine's useForm makes for values V */
export type UseFormReturnType<V extends object> = ReturnType<typeof useForm<V>>;
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, ListFooter, PageHeader, QueryFailed, SortableTh, notifySaved, useListState, useSubmit } from '@comptoir/sdk/ui';
import { MANAGE } from '../api.ts';
import { Nav } from './Nav.tsx';

export interface Column<T> { label: string; field?: string; render(row: T): ReactNode }

export interface RecordsScreenProps<T extends { _id: string }, V extends object> {
  testId: string;
  title: string;
  description: string;
  path: string;
  noun: [string, string];
  /** « Nouvelle liste » */
  addLabel: string;
  name(row: T): string;
  columns: Column<T>[];
  sortField: string;
  valuesOf(row: T | null): V;
  bodyOf(values: V): Record<string, unknown>;
  fields(form: UseFormReturnType<V>): ReactNode;
  empty: string;
  /** the French sentence shown once saved (« La liste est enregistrée. ») */
  saved: string;
}

export function RecordsScreen<T extends { _id: string }, V extends object>(p: RecordsScreenProps<T, V>) {
  const { api, can } = useComptoir();
  const canManage = can(MANAGE);
  const invalidate = useInvalidate();
  const list = useListState({ field: p.sortField, ascending: true }, 25, p.sortField, {});
  const rows = useList<T>(p.path, list.options);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  async function remove(row: T) {
    await api.delete(`${p.path}/${row._id}`);
    await invalidate(p.path);
    notifySaved(`« ${p.name(row)} » est supprimé.`);
  }

  return (
    <div data-testid={p.testId}>
      <PageHeader title={p.title} description={p.description} actions={canManage && <Button onClick={() => setEditing('new')}>{p.addLabel}</Button>} />
      <Nav />
      {rows.isError ? <QueryFailed error={rows.error} onRetry={() => void rows.refetch()} /> : (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover aria-label={p.title}>
              <Table.Thead>
                <Table.Tr>
                  {p.columns.map((c) => (c.field
                    ? <SortableTh key={c.label} field={c.field} sort={list.sort} onSort={list.setSort}>{c.label}</SortableTh>
                    : <Table.Th key={c.label}>{c.label}</Table.Th>))}
                  {canManage && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data?.data.map((row) => (
                  <Table.Tr key={row._id}>
                    {p.columns.map((c) => <Table.Td key={c.label}>{c.render(row)}</Table.Td>)}
                    {canManage && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="subtle" onClick={() => setEditing(row)} aria-label={`Modifier « ${p.name(row)} »`}>Modifier</Button>
                          <ActionIcon variant="subtle" color="red" aria-label={`Supprimer « ${p.name(row)} »`} title="Supprimer" onClick={() => setRemoving(row)}>
                            <span aria-hidden="true">✕</span>
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {rows.data?.data.length === 0 && (
                  <Table.Tr><Table.Td colSpan={p.columns.length + 1}><Text c="dimmed">{p.empty}</Text></Table.Td></Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.data && <ListFooter page={list.page} quantity={list.quantity} count={rows.data.count} onPage={list.setPage} noun={p.noun} />}
        </>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? p.addLabel : editing ? `Modifier « ${p.name(editing)} »` : ''} size="lg">
        {editing !== null && (
          <RecordForm
            key={editing === 'new' ? 'new' : editing._id} initial={p.valuesOf(editing === 'new' ? null : editing)} fields={p.fields} saved={p.saved}
            save={async (v) => {
              const body = p.bodyOf(v);
              if (editing === 'new') await api.post(p.path, body); else await api.put(`${p.path}/${editing._id}`, body);
              await invalidate(p.path);
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog opened={removing !== null} title="Supprimer" confirmLabel="Supprimer" onConfirm={() => remove(removing!)} onClose={() => setRemoving(null)}>
        {removing && `« ${p.name(removing)} » sera supprimé.`}
      </ConfirmDialog>
    </div>
  );
}

function RecordForm<V extends object>({ initial, fields, save, saved }: { initial: V; fields(form: UseFormReturnType<V>): ReactNode; save(v: V): Promise<void>; saved: string }) {
  const form = useForm<V>({ initialValues: initial });
  const submit = useSubmit(form, save, { success: saved, keepValues: false });
  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="sm">
        {fields(form)}
        {submit.error && <Text c="red" role="alert">{submit.error}</Text>}
        <Group justify="flex-end"><Button type="submit" loading={submit.busy}>Enregistrer</Button></Group>
      </Stack>
    </form>
  );
}

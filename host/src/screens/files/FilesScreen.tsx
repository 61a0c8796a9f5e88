/**
 * `/fichiers` (every member): the company's files. Upload with progress, rename and describe,
 * delete; images show their thumbnail (the `s64` variant), sizes are in Ko/Mo (formatSize).
 * Each member manages what they uploaded; kernel.files.manage manages everyone's.
 */
import { useState } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatSize, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, ListFooter, notifySaved, PageHeader, QueryFailed, SearchBar, SortableTh, useListState } from '@comptoir/sdk/ui';
import { UploadButton } from './UploadButton.tsx';
import { FileRow } from './FileRow.tsx';
import { EditFileDialog } from './EditFileDialog.tsx';
import { FILES_PATH, MANAGE_FILES, type FileRecord } from './fileTypes.ts';

const SEARCH_FIELDS = [
  { value: 'name', label: 'Nom' },
  { value: 'description', label: 'Description' },
];

export default function FilesScreen() {
  const { api, user, company, can } = useComptoir();
  const list = useListState({ field: 'metadata.creationDate', ascending: false });
  const files = useList<FileRecord>(FILES_PATH, { ...list.options, aggregations: [{ name: 'total', field: 'size', sum: true }] });
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<FileRecord | null>(null);
  const [removing, setRemoving] = useState<FileRecord | null>(null);
  const manager = can(MANAGE_FILES);
  const mayEdit = (f: FileRecord) => manager || f.metadata.createdBy === user?._id;
  const total = files.data?.aggregation?.total?.sum;

  async function remove(file: FileRecord) {
    await api.delete(`${FILES_PATH}/${encodeURIComponent(file._id)}`);
    await invalidate(FILES_PATH);
    notifySaved(`« ${file.name} » est supprimé.`);
  }

  return (
    <>
      <PageHeader title="Fichiers" description={company ? `Les documents et images de ${company.name}.` : undefined} />
      <UploadButton />
      <SearchBar label="Rechercher un fichier" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField} fields={SEARCH_FIELDS} />
      {files.isError ? (
        <QueryFailed error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Fichiers de l’entreprise" style={{ opacity: files.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><VisuallyHidden>Aperçu</VisuallyHidden></Table.Th>
                  <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <Table.Th>Type</Table.Th>
                  <SortableTh field="size" sort={list.sort} onSort={list.setSort}>Taille</SortableTh>
                  <SortableTh field="metadata.creationDate" sort={list.sort} onSort={list.setSort}>Déposé le</SortableTh>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data?.data.map((f) => (
                  <FileRow key={f._id} file={f} canEdit={mayEdit(f)} onEdit={setEditing} onRemove={setRemoving} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {files.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des fichiers…</Text>}
          {files.data && (
            <>
              <ListFooter page={list.page} quantity={list.quantity} count={files.data.count} onPage={list.setPage} noun={['fichier', 'fichiers']} />
              {total !== undefined && files.data.count > 0 && <Text size="sm" c="dimmed" mt="xs" data-testid="files-total">Taille totale : {formatSize(total)}</Text>}
            </>
          )}
        </>
      )}
      {editing && <EditFileDialog file={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Supprimer le fichier"
        confirmLabel="Supprimer"
        onConfirm={() => remove(removing!)}
        onClose={() => setRemoving(null)}
      >
        {removing && `« ${removing.name} » et ses pièces jointes seront effacés définitivement ; les liens vers ce fichier ne fonctionneront plus.`}
      </ConfirmDialog>
    </>
  );
}

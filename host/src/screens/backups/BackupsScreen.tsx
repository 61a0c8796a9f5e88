/**
 * `/sauvegardes` (kernel.backups.manage, server administrators): the backups of the whole server
 * with their sizes, making one, downloading and deleting; how to restore (a command).
 */
import { useState } from 'react';
import { Alert, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, formatSize, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, ListFooter, PageHeader, QueryFailed, SortableTh, notifyFailed, notifySaved, useListState } from '@comptoir/sdk/ui';
import { CreateBackupForm } from './CreateBackupForm.tsx';
import { BACKUPS_PATH, type BackupRecord } from './backupTypes.ts';

export default function BackupsScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const list = useListState({ field: 'date', ascending: false });
  const backups = useList<BackupRecord>(BACKUPS_PATH, list.options);
  const [removing, setRemoving] = useState<BackupRecord | null>(null);

  async function download(b: BackupRecord) {
    try {
      await api.download(`${BACKUPS_PATH}/${b._id}/download`, undefined, { method: 'GET', fileName: `${b.name}.tar.gz` });
    } catch (e) {
      notifyFailed(e, 'Téléchargement impossible');
    }
  }

  async function remove(b: BackupRecord) {
    await api.delete(`${BACKUPS_PATH}/${b._id}`);
    await invalidate(BACKUPS_PATH);
    notifySaved(`Sauvegarde « ${b.name} » supprimée.`);
  }

  return (
    <>
      <PageHeader title="Sauvegardes" description="La base de données et les fichiers de tout le serveur, dans une archive .tar.gz." />
      <Stack>
        <CreateBackupForm />
        {backups.isError ? (
          <QueryFailed error={backups.error} onRetry={() => void backups.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Sauvegardes du serveur">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={list.sort} onSort={list.setSort}>Nom</SortableTh>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <Table.Th>Serveur</Table.Th>
                  <SortableTh field="databaseSize" sort={list.sort} onSort={list.setSort}>Base</SortableTh>
                  <SortableTh field="storageSize" sort={list.sort} onSort={list.setSort}>Fichiers</SortableTh>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {backups.data?.data.map((b) => (
                  <Table.Tr key={b._id}>
                    <Table.Td><Text size="sm" fw={500}>{b.name}</Text></Table.Td>
                    <Table.Td>{formatDateTime(b.date)}</Table.Td>
                    <Table.Td>{b.serverName}</Table.Td>
                    <Table.Td>{formatSize(b.databaseSize)}</Table.Td>
                    <Table.Td>{formatSize(b.storageSize)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="light" onClick={() => void download(b)}>Télécharger</Button>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(b)}>Supprimer</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {backups.data?.count === 0 && <Text c="dimmed" size="sm">Aucune sauvegarde pour le moment.</Text>}
        {backups.data && backups.data.count > 0 && (
          <ListFooter page={list.page} quantity={list.quantity} count={backups.data.count} onPage={list.setPage} noun={['sauvegarde', 'sauvegardes', 'f']} />
        )}
        <Alert color="blue" title="Restaurer une sauvegarde">
          <Text size="sm">
            La restauration remplace toutes les données : elle se fait en ligne de commande, serveur arrêté, dans une base et un
            dossier de données vides (mêmes <Code>DATA_DIR</Code> et <Code>DATABASE_URL</Code> que le serveur) :
          </Text>
          <Code block mt="xs">npm run restore -- sauvegarde.tar.gz</Code>
          <Text size="sm" mt="xs">
            Ajoutez <Code>--force</Code> pour effacer d’abord une base ou un dossier qui ne sont pas vides, puis redémarrez le serveur.
            Une sauvegarde se fait aussi en ligne de commande : <Code>npm run backup</Code>.
          </Text>
        </Alert>
      </Stack>
      <ConfirmDialog
        opened={removing !== null} title="Supprimer la sauvegarde" confirmLabel="Supprimer"
        onConfirm={() => remove(removing!)} onClose={() => setRemoving(null)}
      >
        {removing && `L’archive « ${removing.name} » sera effacée du disque du serveur. Les données actuelles ne changent pas.`}
      </ConfirmDialog>
    </>
  );
}

/** My access tokens: list, creation (the token is shown once, with a copy button) and deletion. */
import { useState } from 'react';
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { QueryFailed, ListFooter, ConfirmDialog, notifySaved } from '@comptoir/sdk/ui';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { CreatedTokenAlert } from './CreatedTokenAlert.tsx';
import { TOKENS_PATH, type AccessTokenRow } from './sessionTypes.ts';

const QUANTITY = 20;

export function AccessTokensPanel() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [deleting, setDeleting] = useState<AccessTokenRow | null>(null);
  const tokens = useList<AccessTokenRow>(TOKENS_PATH, { pagination: { quantity: QUANTITY, page }, sort: { field: 'name', ascending: true } });

  async function remove(token: AccessTokenRow) {
    await api.delete(`${TOKENS_PATH}/${encodeURIComponent(token._id)}`);
    await invalidate(TOKENS_PATH);
    notifySaved(`Le jeton « ${token.name} » est supprimé.`);
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed">Un jeton d’accès permet à un script ou à une autre application d’utiliser l’API en votre nom, avec vos droits.</Text>
      <CreateTokenForm onCreated={(name, token) => setCreated({ name, token })} />
      {created && <CreatedTokenAlert name={created.name} token={created.token} onDone={() => setCreated(null)} />}
      {tokens.isError ? <QueryFailed error={tokens.error} onRetry={() => void tokens.refetch()} /> : (
        <div>
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="sm" aria-label="Mes jetons d’accès">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th>Créé le</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data?.data.map((t) => (
                  <Table.Tr key={t._id}>
                    <Table.Td><Text size="sm" fw={500}>{t.name}</Text></Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(t.metadata?.creationDate)}</Text></Table.Td>
                    <Table.Td ta="right">
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)}>Supprimer</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {tokens.data && <ListFooter page={page} quantity={QUANTITY} count={tokens.data.count} onPage={setPage} noun={['jeton', 'jetons']} />}
        </div>
      )}
      <ConfirmDialog
        opened={deleting !== null} title="Supprimer le jeton" confirmLabel="Supprimer"
        onConfirm={() => remove(deleting!)} onClose={() => setDeleting(null)}
      >
        {`Les scripts qui utilisent le jeton « ${deleting?.name ?? ''} » n’auront plus accès à Comptoir.`}
      </ConfirmDialog>
    </Stack>
  );
}

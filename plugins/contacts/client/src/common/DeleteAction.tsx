/** « Supprimer » with its confirmation; back to the list once deleted. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { keyOf, useComptoir } from '@comptoir/sdk/react';
import { ConfirmDialog, notifySaved } from '@comptoir/sdk/ui';

export function DeleteAction({ path, id, name, what, consequence }: {
  path: string; id: string; name: string;
  /** « le client », « le contact » */
  what: string;
  consequence?: string;
}) {
  const { api } = useComptoir();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function remove() {
    await api.delete(`${path}/${encodeURIComponent(id)}`);
    navigate('..', { relative: 'path' });
    notifySaved(`« ${name} » a été supprimé.`);
    // the lists only: refetching this page's own query would answer 404 while it unmounts
    await queries.invalidateQueries({ queryKey: [...keyOf(path), 'list'] });
  }

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>Supprimer</Button>
      <ConfirmDialog opened={open} title={`Supprimer ${what}`} confirmLabel="Supprimer" onConfirm={remove} onClose={() => setOpen(false)}>
        {`« ${name} » sera supprimé définitivement.${consequence ? ` ${consequence}` : ''}`}
      </ConfirmDialog>
    </>
  );
}

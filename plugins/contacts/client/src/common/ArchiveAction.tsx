/**
 * « Archiver » (with a confirmation saying what it does) or « Restaurer » for a customer, a
 * provider or a contact: POST …/:id/archive or …/restore, then the lists and the record refresh.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, notifyFailed, notifySaved } from '@comptoir/sdk/ui';

export function ArchiveAction({ path, id, name, archived, what }: {
  path: string; id: string; name: string; archived: boolean;
  /** « le client », « le fournisseur », « le contact » */
  what: string;
}) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run(action: 'archive' | 'restore') {
    await api.post(`${path}/${encodeURIComponent(id)}/${action}`);
    await invalidate(path);
    notifySaved(action === 'archive' ? `« ${name} » est archivé.` : `« ${name} » est restauré.`);
  }

  async function restore() {
    setBusy(true);
    try { await run('restore'); } catch (e) { notifyFailed(e); } finally { setBusy(false); }
  }

  if (archived) return <Button variant="light" onClick={() => void restore()} loading={busy}>Restaurer</Button>;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>Archiver</Button>
      <ConfirmDialog opened={open} title={`Archiver ${what}`} confirmLabel="Archiver" onConfirm={() => run('archive')} onClose={() => setOpen(false)}>
        {`« ${name} » ne sera plus proposé dans les listes ni dans les devis, factures et achats. Les documents qui le citent le gardent, et vous le retrouvez avec le filtre « Archivés » pour le restaurer.`}
      </ConfirmDialog>
    </>
  );
}

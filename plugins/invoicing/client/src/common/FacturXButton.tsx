/**
 * « Factur-X »: saves the emitted invoice's Factur-X (the PDF/A-3 with its CII XML embedded) as the
 * server names it. When the invoice lacks what an e-invoice needs, the server's French 409 lists it.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { notifyFailed } from '@comptoir/sdk/ui';

export function FacturXButton({ path }: { path: string }) {
  const { api } = useComptoir();
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await api.download(path, undefined, { method: 'GET' });
    } catch (e) {
      notifyFailed(e, 'Factur-X impossible');
    } finally {
      setBusy(false);
    }
  }

  return <Button variant="default" onClick={() => void save()} loading={busy}>Factur-X</Button>;
}

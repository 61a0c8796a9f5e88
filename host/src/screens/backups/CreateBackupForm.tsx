/** « Sauvegarder maintenant », with an optional label put in the archive's name. */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { BACKUPS_PATH, type BackupRecord } from './backupTypes.ts';

export function CreateBackupForm() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const made = await api.post<BackupRecord>(BACKUPS_PATH, label.trim() ? { label: label.trim() } : {});
      await invalidate(BACKUPS_PATH);
      notifySaved(`Sauvegarde « ${made.name} » créée.`);
      setLabel('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <Group align="flex-end">
        <TextInput
          label="Étiquette (facultative)" placeholder="avant-mise-a-jour" value={label} onChange={(e) => setLabel(e.currentTarget.value)}
          description="Minuscules, chiffres et tirets ; ajoutée au nom de l’archive." error={error} w={360}
        />
        <Button type="submit" loading={busy}>Sauvegarder maintenant</Button>
      </Group>
    </form>
  );
}

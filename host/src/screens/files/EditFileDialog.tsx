/** PUT /api/kernel/files/:id: rename and describe a File. */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { applyApiError, notifySaved, pathsOf } from '@comptoir/sdk/ui';
import { FILES_PATH, type FileRecord } from './fileTypes.ts';

interface Values { name: string; description: string }

export function EditFileDialog({ file, onClose }: { file: FileRecord; onClose(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial: Values = { name: file.name, description: file.description ?? '' };
  const form = useForm<Values>({
    initialValues: initial,
    validate: { name: (v) => (v.trim() ? null : 'Donnez un nom au fichier.') },
  });

  async function save(v: Values) {
    setBusy(true);
    setError(null);
    try {
      await api.put(`${FILES_PATH}/${encodeURIComponent(file._id)}`, { name: v.name.trim(), description: v.description });
      await invalidate(FILES_PATH);
      notifySaved('Le fichier est enregistré.');
      onClose();
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(initial)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Modifier le fichier">
      <form onSubmit={form.onSubmit((v) => void save(v))} noValidate>
        <Stack>
          <TextInput label="Nom" required data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
          {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>Enregistrer</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

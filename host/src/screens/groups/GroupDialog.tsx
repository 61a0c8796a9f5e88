/**
 * Creating a group (at the root or under a parent) or changing one: name, description, colour and
 * place in the tree. Moving under its own subgroup is refused by the server (409, shown here).
 */
import { useState } from 'react';
import { Alert, Button, ColorInput, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { applyApiError, notifySaved, pathsOf } from '@comptoir/sdk/ui';
import { GROUPS_PATH, flatten, type GroupNode } from './groupTypes.ts';

interface Values { name: string; description: string; color: string; parent: string }
const ROOT = '';

export type GroupDialogState = { mode: 'create'; parent: GroupNode | null } | { mode: 'edit'; group: GroupNode };

export function GroupDialog({ state, pluginIdentifier, tree, onClose }: { state: GroupDialogState; pluginIdentifier: string; tree: GroupNode[]; onClose(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = state.mode === 'edit' ? state.group : null;
  const form = useForm<Values>({
    initialValues: {
      name: editing?.name ?? '', description: editing?.description ?? '', color: editing?.color ?? '',
      parent: (editing ? editing.fk.parent : state.mode === 'create' ? state.parent?._id : null) ?? ROOT,
    },
    validate: { name: (v) => (v.trim() ? null : 'Le nom est obligatoire.') },
  });
  // the server refuses the others too, but they are not worth offering
  const excluded = new Set(editing ? flatten([editing]).map((g) => g._id) : []);
  const parents = [
    { value: ROOT, label: '(aucun : à la racine)' },
    ...flatten(tree).filter((g) => !excluded.has(g._id)).map((g) => ({ value: g._id, label: `${'— '.repeat(g.depth - 1)}${g.name}` })),
  ];

  async function save(v: Values) {
    setBusy(true);
    setError(null);
    const body: Record<string, unknown> = { name: v.name.trim(), fk: { parent: v.parent || null } };
    if (v.description.trim() || editing?.description) body.description = v.description.trim();
    if (v.color) body.color = v.color;
    try {
      if (editing) await api.put(`${GROUPS_PATH}/${editing._id}`, body);
      else await api.post(GROUPS_PATH, { pluginIdentifier, ...body });
      await invalidate(GROUPS_PATH);
      notifySaved(editing ? `Groupe « ${body.name} » enregistré.` : `Groupe « ${body.name} » créé.`);
      onClose();
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.values), { 'fk.parent': 'parent' }));
    } finally {
      setBusy(false);
    }
  }

  const title = editing ? `Modifier « ${editing.name} »` : state.mode === 'create' && state.parent ? `Nouveau sous-groupe de « ${state.parent.name} »` : 'Nouveau groupe';
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={form.onSubmit((v) => void save(v))} noValidate>
        <Stack>
          <TextInput label="Nom" required data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <ColorInput label="Couleur" format="hex" placeholder="#1c7ed6" swatches={['#1c7ed6', '#2f9e44', '#e8590c', '#c2255c', '#7048e8', '#868e96']} {...form.getInputProps('color')} />
          <Select label="Groupe parent" data={parents} allowDeselect={false} searchable {...form.getInputProps('parent')} />
          {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>{editing ? 'Enregistrer' : 'Créer le groupe'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The creation form: name, description, price in euros. Back to the list once saved. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, NumberInput, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ITEMS, errorText, type Item, type ItemInput } from './items.ts';

export function NewItemScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [input, setInput] = useState<ItemInput>({ name: '', description: '', price: 0 });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await api.post<Item>(ITEMS, { ...input, description: input.description || undefined });
      await invalidate(ITEMS);
      navigate('..');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack maw={520} data-testid='contacts-new-item'>
        <Title order={2}>Nouvel élément</Title>
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        <TextInput label="Nom" required value={input.name} onChange={(e) => setInput({ ...input, name: e.currentTarget.value })} />
        <Textarea label="Description" value={input.description} onChange={(e) => setInput({ ...input, description: e.currentTarget.value })} />
        <NumberInput
          label="Prix HT" suffix=" €" decimalSeparator="," thousandSeparator={'\u202f'} decimalScale={2} min={0}
          value={input.price} onChange={(v) => setInput({ ...input, price: typeof v === 'number' ? v : 0 })}
        />
        <Group>
          <Button type="submit" loading={saving}>Enregistrer</Button>
          <Button variant="default" onClick={() => navigate('..')}>Annuler</Button>
        </Group>
      </Stack>
    </form>
  );
}

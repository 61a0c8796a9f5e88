/** The creation form: name, description, price in euros. Back to the list once saved. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { toDecimal } from '@comptoir/sdk/commerce';
import { MoneyInput, PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, errorText, type Item, type ItemInput } from '../api.ts';

export function NewItemScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [input, setInput] = useState<Omit<ItemInput, 'price'>>({ name: '', description: '' });
  // MoneyInput answers a number, or a numeric string while typed or once padded ('1.20'): read with decimal.js
  const [price, setPrice] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body: ItemInput = { ...input, description: input.description || undefined, price: toDecimal(price)?.toNumber() ?? 0 };
      await api.post<Item>(ITEMS, body);
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
      <Stack maw={520} data-testid='surveys-new-item'>
        <PageHeader title="Nouvel élément" />
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        <TextInput label="Nom" required value={input.name} onChange={(e) => setInput({ ...input, name: e.currentTarget.value })} />
        <Textarea label="Description" value={input.description} onChange={(e) => setInput({ ...input, description: e.currentTarget.value })} />
        <MoneyInput label="Prix HT" min={0} value={price} onChange={setPrice} />
        <Group>
          <Button type="submit" loading={saving}>Enregistrer</Button>
          <Button variant="default" onClick={() => navigate('..')}>Annuler</Button>
        </Group>
      </Stack>
    </form>
  );
}

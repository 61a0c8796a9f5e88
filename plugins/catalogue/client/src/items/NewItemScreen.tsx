/** `nouveau`: the creation form; back to the list once saved. */
import { Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { FormActions, PageHeader, useSubmit } from '@comptoir/sdk/ui';
import { ItemFields } from './ItemForm.tsx';
import { EMPTY_ITEM, bodyOf, validateItem, type ItemFormValues } from './itemForm.ts';
import { ITEMS, type Item } from '../api.ts';

export function NewItemScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const form = useForm<ItemFormValues>({ initialValues: EMPTY_ITEM, validate: validateItem });
  const submit = useSubmit(form, async (v) => {
    const created = await api.post<Item>(ITEMS, bodyOf(v, 'create'));
    await invalidate(ITEMS);
    navigate(`../${created._id}`, { relative: 'path' });
  }, { success: 'L’article est créé.', keepValues: false });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate data-testid="catalogue-new-item">
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to=".." relative="path" size="sm">← Catalogue</Anchor>
        <PageHeader title="Nouvel article" description="Un produit ou un service que vous vendez." />
        <ItemFields form={form} />
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}

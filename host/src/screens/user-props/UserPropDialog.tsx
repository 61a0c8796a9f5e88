/** Create (POST) or edit (PUT) a user property: what it is, its values, where it shows, how it is searched. */
import { useState } from 'react';
import {
  Alert, Button, Checkbox, Divider, Group, Modal, NumberInput, ScrollArea, Select, SimpleGrid, Stack, Switch, TextInput, Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PROP_TYPES, userPropFamily, type UserProp } from '@comptoir/schemas';
import { useComptoir } from '@comptoir/sdk/react';
import { USER_PROPS_PATH, UserPropInput, applyApiError, notifySaved, pathsOf, type FormFields } from '@comptoir/sdk/ui';
import { SelectOptionsEditor } from './SelectOptionsEditor.tsx';
import {
  PLACEMENT_LABELS, SCOPE_LABELS, TYPE_LABELS, bodyOf, formValues, reshaped, variableOf, type Scope, type UserPropFormValues,
} from './userPropForm.ts';

const SINGLE_ONLY = ['checkbox', 'switch', 'textarea'];
const options = <K extends string>(labels: Record<K, string>) => (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

function Placement({ form, place, label }: { form: FormFields<UserPropFormValues>; place: 'edition' | 'list' | 'card'; label: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select label={label} data={options(PLACEMENT_LABELS)} allowDeselect={false} style={{ flex: 1 }} {...form.getInputProps(`${place}Placement`)} />
      <NumberInput label="Ordre" w={90} allowDecimal={false} {...form.getInputProps(`${place}Position`)} />
    </Group>
  );
}

export function UserPropDialog({ prop, collection, onClose }: { prop: UserProp | null; collection: string; onClose(): void }) {
  const { api, can } = useComptoir();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [variableEdited, setVariableEdited] = useState(!!prop);
  const form = useForm<UserPropFormValues>({
    initialValues: formValues(prop, collection),
    validate: {
      name: (v) => (v.trim() ? null : 'Le nom est obligatoire.'),
      variable: (v) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? null : 'Lettres, chiffres et _ (pas de chiffre en premier).'),
    },
  });
  const v = form.values;
  const family = userPropFamily(v.type);
  const serverAdmin = can('kernel.user-props.server');
  const reshape = (change: Parameters<typeof reshaped>[1]) => form.setValues(reshaped(form.values, change));

  async function save(values: UserPropFormValues) {
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(values, !prop);
      if (prop) await api.put(`${USER_PROPS_PATH}/${encodeURIComponent(prop._id)}`, body);
      else await api.post(USER_PROPS_PATH, body);
      await queries.invalidateQueries({ queryKey: ['kernel', 'user-props'] });
      notifySaved(prop ? `La propriété « ${body.name} » est enregistrée.` : `La propriété « ${body.name} » est créée.`);
      onClose();
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.values)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={prop ? `Modifier « ${prop.name} »` : 'Nouvelle propriété'} size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      <form onSubmit={form.onSubmit((x) => void save(x))} noValidate data-testid="user-prop-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nom" required data-autofocus placeholder="Code fidélité, Secteur…" {...form.getInputProps('name')}
              onChange={(e) => {
                const name = e.currentTarget.value;
                form.setFieldValue('name', name);
                if (!variableEdited) form.setFieldValue('variable', variableOf(name));
              }}
            />
            <TextInput
              label="Variable" required disabled={!!prop} description="Nom technique de la valeur (filtres, import, API)"
              {...form.getInputProps('variable')} onChange={(e) => { setVariableEdited(true); form.setFieldValue('variable', e.currentTarget.value); }}
            />
            <Select
              label="Type" data={USER_PROP_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} allowDeselect={false}
              {...form.getInputProps('type')} onChange={(t) => t && reshape({ type: t as UserPropFormValues['type'], multiple: SINGLE_ONLY.includes(t) ? false : v.multiple })}
            />
            <Select
              label="Portée" data={options(SCOPE_LABELS).filter((o) => serverAdmin || o.value === 'company' || o.value === v.scope)} allowDeselect={false}
              disabled={!!prop && v.scope === 'company'} {...form.getInputProps('scope')}
              onChange={(s) => s && form.setFieldValue('scope', (prop && s === 'company' ? v.scope : s) as Scope)}
            />
          </SimpleGrid>
          <Textarea label="Description" description="Aide affichée sous le champ" autosize minRows={1} {...form.getInputProps('description')} />
          <Group>
            <Switch label="Plusieurs valeurs" disabled={!!prop || SINGLE_ONLY.includes(v.type)} checked={v.multiple} onChange={(e) => reshape({ multiple: e.currentTarget.checked })} />
            <Switch label="Obligatoire" checked={v.required} onChange={(e) => reshape({ required: e.currentTarget.checked })} />
          </Group>
          {v.type === 'select' && (
            <SelectOptionsEditor value={v.selectOptions} onChange={(o) => form.setFieldValue('selectOptions', o)} error={form.errors.selectOptions as string | undefined} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(v.type === 'number' || ['text', 'textarea', 'email', 'tel', 'url'].includes(v.type)) && (
              <>
                <NumberInput label={v.type === 'number' ? 'Minimum' : 'Longueur minimale'} decimalSeparator="," {...form.getInputProps('min')} />
                <NumberInput label={v.type === 'number' ? 'Maximum' : 'Longueur maximale'} decimalSeparator="," {...form.getInputProps('max')} />
              </>
            )}
            {v.multiple && (
              <>
                <NumberInput label="Nombre minimum de valeurs" allowDecimal={false} min={0} {...form.getInputProps('minValues')} />
                <NumberInput label="Nombre maximum de valeurs" allowDecimal={false} min={0} {...form.getInputProps('maxValues')} />
              </>
            )}
            {['text', 'tel'].includes(v.type) && (
              <TextInput label="Format de saisie" placeholder="99 99 99 99 99" description="9 : chiffre, a : lettre, * : l’un ou l’autre" {...form.getInputProps('mask')} />
            )}
          </SimpleGrid>
          <UserPropInput
            def={{ ...(prop ?? {}), ...v, _id: 'default', name: 'Valeur par défaut', description: 'Donnée aux nouvelles fiches', required: false, min: null, max: null } as unknown as UserProp}
            value={v.defaultValue} error={form.errors.defaultValue as string | undefined} onChange={(x) => form.setFieldValue('defaultValue', x)}
          />
          <Divider label="Affichage" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Placement form={form} place="edition" label="Formulaire" />
            <Placement form={form} place="list" label="Liste" />
            <Placement form={form} place="card" label="Fiche" />
          </SimpleGrid>
          <TextInput label="Groupe" placeholder="Informations complémentaires" description="Titre sous lequel la propriété est rangée" {...form.getInputProps('container')} />
          <Divider label="Recherche" labelPosition="left" />
          <Group align="flex-end">
            <Checkbox label="Filtre au-dessus de la liste" {...form.getInputProps('filter', { type: 'checkbox' })} />
            <Checkbox label="Indexée (listes rapides)" disabled={v.multiple || family === 'long'} {...form.getInputProps('index', { type: 'checkbox' })} />
            <Checkbox label="Recherche en texte intégral" disabled={family !== 'line' && family !== 'long'} {...form.getInputProps('fullTextSearch', { type: 'checkbox' })} />
            {v.fullTextSearch && <NumberInput label="Poids" w={100} min={0} max={1000} decimalSeparator="," {...form.getInputProps('fullTextWeight')} />}
          </Group>
          {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>{prop ? 'Enregistrer' : 'Créer la propriété'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

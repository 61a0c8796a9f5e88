/**
 * The user properties of a collection in a plugin's form: one input per property placed in the
 * edition form, grouped by `container`, bound to the form's `userProps.<variable>` (so the API's
 * 400 on `userProps.<variable>` lands on its input through applyApiError). Drop it in:
 *
 *   <UserPropsFields form={form} collection="contacts.customers" placement="end" />
 *
 * with `userProps` among the form's values (the record's, or `{}` for a new one).
 */
import { useEffect } from 'react';
import {
  Checkbox, ColorInput, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput, Textarea,
} from '@mantine/core';
import type { UserProp, UserPropPlacement } from '@comptoir/schemas';
import { effectiveDefault } from '@comptoir/schemas';
import type { FormFields, InputProps } from './formFields.ts';
import { Section } from './Section.tsx';
import { byContainer, placed, useUserProps, type UserPropValues } from './UserPropsData.ts';

export interface UserPropInputProps {
  def: UserProp;
  value: unknown;
  onChange(value: unknown): void;
  error?: string | null;
  /** the label shown (default: the property's name) */
  label?: string;
}

const TEXT_TYPES = { text: 'text', email: 'email', tel: 'tel', url: 'url' } as const;

/** One value of a property, as its type asks: text, number, date, box, list of choices… */
export function UserPropInput({ def, value, onChange, error, label = def.name }: UserPropInputProps) {
  const common = { label, description: def.description || undefined, error: error ?? undefined, required: def.required, 'data-variable': def.variable };
  const options = def.selectOptions
    .filter((o) => !o.hidden || o.value === value || (Array.isArray(value) && value.includes(o.value)))
    .map((o) => ({ value: o.value, label: o.label }));
  const list = Array.isArray(value) ? value.map(String) : [];
  switch (def.type) {
    case 'checkbox':
      return <Checkbox {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} mt="md" />;
    case 'switch':
      return <Switch {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} mt="md" />;
    case 'select':
      return def.multiple
        ? <MultiSelect {...common} data={options} value={list} onChange={onChange} clearable />
        : <Select {...common} data={options} value={typeof value === 'string' && value !== '' ? value : null} onChange={(v) => onChange(v ?? '')} clearable={!def.required} />;
    case 'number':
      if (def.multiple) {
        return <TagsInput {...common} value={list} onChange={(v) => onChange(v.map((x) => Number(x.replace(',', '.'))).filter(Number.isFinite))} description={def.description || 'Entrée pour ajouter une valeur'} />;
      }
      return (
        <NumberInput
          {...common} decimalSeparator="," thousandSeparator=" " min={def.min ?? undefined} max={def.max ?? undefined}
          value={typeof value === 'number' ? value : ''} onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'color':
      return <ColorInput {...common} format="hex" value={typeof value === 'string' ? value : ''} onChange={onChange} />;
    case 'date':
      if (def.multiple) return <TagsInput {...common} value={list} onChange={onChange} placeholder="AAAA-MM-JJ" />;
      return <TextInput {...common} type="date" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      if (def.multiple) return <TagsInput {...common} value={list} onChange={onChange} description={def.description || 'Entrée pour ajouter une valeur'} />;
      return (
        <TextInput
          {...common} type={TEXT_TYPES[def.type as keyof typeof TEXT_TYPES] ?? 'text'} placeholder={def.mask || undefined}
          value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** A Mantine form holding `userProps` among its values. */
export interface UserPropsForm extends FormFields<{ userProps?: UserPropValues }> {
  setFieldValue(path: string, value: unknown): void;
}

export interface UserPropsFieldsProps {
  form: UserPropsForm;
  /** `<plugin>.<collection>`, e.g. `contacts.customers` */
  collection: string;
  /** only the properties placed before (`start`) or after (`end`) the plugin's fields; both when omitted */
  placement?: Exclude<UserPropPlacement, 'none'>;
  /** the title of properties without a container */
  title?: string;
}

export function UserPropsFields({ form, collection, placement, title = 'Informations complémentaires' }: UserPropsFieldsProps) {
  const { defs } = useUserProps(collection);
  const shown = placed(defs, 'edition', placement);
  // a record made before a property has no value for it yet: its default, as the server would store
  const missing = shown.filter((d) => !Object.hasOwn(form.values.userProps ?? {}, d.variable));
  useEffect(() => {
    for (const d of missing) form.setFieldValue(`userProps.${d.variable}`, effectiveDefault(d));
  }, [missing.map((d) => d.variable).join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  if (shown.length === 0) return null;
  return (
    <Stack gap="lg" data-testid={`user-props-${collection}`}>
      {byContainer(shown).map((group) => (
        <Section key={group.container} title={group.container || title}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {group.defs.map((d) => {
              const input: InputProps = form.getInputProps(`userProps.${d.variable}`);
              return (
                <UserPropInput
                  key={d._id} def={d} value={form.values.userProps?.[d.variable]} error={input.error}
                  onChange={(v) => form.setFieldValue(`userProps.${d.variable}`, v)}
                />
              );
            })}
          </SimpleGrid>
        </Section>
      ))}
    </Stack>
  );
}

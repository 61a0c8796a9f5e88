/**
 * Templates and their variants (README « Templates »): the templates offered to the company with
 * their params; a variant gives each param a value (colours with a colour picker, choices from the
 * list, others as text), checked by the server (400 naming the param). Editing a template itself
 * (its files, its params) is a server administrator's job (`websites.templates.manage`): shown
 * read-only here, written through the API.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, ColorInput, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { MANAGE, TEMPLATES, VARIANTS, errorText, type Template, type TemplateVariant } from '../api.ts';

export function TemplatesScreen() {
  const { api } = useComptoir();
  const templates = useQuery({ queryKey: ['websites', 'templates'], queryFn: () => api.get<Template[]>(TEMPLATES) });
  const variants = useList<TemplateVariant>(VARIANTS, { pagination: { quantity: 200 } });
  if (templates.isError) return <Alert color="red" title="Chargement impossible">{errorText(templates.error)}</Alert>;
  if (!templates.data || !variants.data) return <Loader />;
  return (
    <Stack data-testid="websites-templates">
      <PageHeader title="Modèles et variantes" />
      {templates.data.map((t) => <TemplateCard key={t._id} template={t} variants={variants.data.data.filter((v) => v.templateIdentifier === t.identifier)} />)}
      {templates.data.length === 0 && <Text c="dimmed">Aucun modèle proposé.</Text>}
    </Stack>
  );
}

function TemplateCard({ template, variants }: { template: Template; variants: TemplateVariant[] }) {
  const [editing, setEditing] = useState<TemplateVariant | 'new' | null>(null);
  const { can } = useComptoir();
  return (
    <Card withBorder data-testid="template-card" data-identifier={template.identifier}>
      <Group justify="space-between">
        <Title order={3}>{template.name}</Title>
        <Group gap="xs"><Badge variant="light">{template.identifier}</Badge><Text size="sm" c="dimmed">version {template.version}</Text></Group>
      </Group>
      {template.description && <Text mt="xs">{template.description}</Text>}
      <Title order={5} mt="md">Paramètres</Title>
      <Table>
        <Table.Thead><Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Libellé</Table.Th><Table.Th>Type</Table.Th><Table.Th>Par défaut</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {template.params.map((p) => (
            <Table.Tr key={p.name}><Table.Td>{p.name}</Table.Td><Table.Td>{p.label}</Table.Td><Table.Td>{p.type}</Table.Td><Table.Td>{String(p.default ?? '')}</Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5} mt="md">Variantes</Title>
      <Stack gap={4}>
        {variants.map((v) => (
          <Group key={v._id} data-testid="variant-row">
            <Text fw={500}>{v.name}</Text>
            {v.params.filter((p) => /^#/.test(p.value)).map((p) => <span key={p.name} title={p.name} style={{ width: 16, height: 16, borderRadius: 8, background: p.value, display: 'inline-block', border: '1px solid #ccc' }} />)}
            {can(MANAGE) && <Button size="compact-xs" variant="light" onClick={() => setEditing(v)}>Modifier</Button>}
          </Group>
        ))}
        {variants.length === 0 && <Text c="dimmed">Aucune variante : les sites utilisent les valeurs par défaut.</Text>}
      </Stack>
      {can(MANAGE) && !editing && <Group mt="sm"><Button size="xs" onClick={() => setEditing('new')}>Nouvelle variante</Button></Group>}
      {editing && <VariantForm key={editing === 'new' ? 'new' : editing._id} template={template} variant={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
    </Card>
  );
}

function VariantForm({ template, variant, onDone }: { template: Template; variant: TemplateVariant | null; onDone(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [name, setName] = useState(variant?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(template.params.map((p) => [p.name, variant?.params.find((x) => x.name === p.name)?.value ?? String(p.default ?? '')])));
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // only the values that differ from the template's defaults: a later change of a default reaches the variant
    const params = template.params.filter((p) => values[p.name] !== '' && values[p.name] !== String(p.default ?? '')).map((p) => ({ name: p.name, value: values[p.name] }));
    try {
      const body = { name, templateIdentifier: template.identifier, params };
      if (variant) await api.put(`${VARIANTS}/${variant._id}`, body);
      else await api.post(VARIANTS, body);
      await invalidate(VARIANTS);
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <form onSubmit={save} data-testid="variant-form">
      <Stack mt="md" maw={480}>
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        <TextInput label="Nom de la variante" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {template.params.map((p) => {
          const set = (v: string) => setValues({ ...values, [p.name]: v });
          if (p.type === 'color') return <ColorInput key={p.name} label={p.label} value={values[p.name]} onChange={set} format="hex" />;
          if (p.type === 'choice') return <Select key={p.name} label={p.label} value={values[p.name] || null} data={(p.choices ?? []).map(String)} onChange={(v) => set(v ?? '')} />;
          return <TextInput key={p.name} label={p.label} value={values[p.name]} onChange={(e) => set(e.currentTarget.value)} />;
        })}
        <Group><Button type="submit">Enregistrer la variante</Button><Button variant="default" onClick={onDone}>Annuler</Button></Group>
      </Stack>
    </form>
  );
}

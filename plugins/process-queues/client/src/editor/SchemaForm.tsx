/**
 * The side panel's configuration form, generated from the node type's JSON Schema: a string is a
 * text field (a choice list with `enum`, its French labels in `x-labels`), a number or integer a
 * number field, a boolean a switch, a list of strings a tags field; `title` is the label and
 * `description` the help. Anything else is edited as JSON. The server checks the result again.
 */
import { NumberInput, Select, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';

interface PropSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  'x-labels'?: string[];
  minimum?: number;
  maximum?: number;
  items?: PropSchema;
  maxLength?: number;
}

export function SchemaForm({ schema, value, onChange }: {
  schema: Record<string, unknown>;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
}) {
  const props = (schema.properties ?? {}) as Record<string, PropSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const set = (key: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined) delete next[key]; else next[key] = v;
    onChange(next);
  };
  const entries = Object.entries(props);
  if (!entries.length) return null;
  return (
    <Stack gap="xs" data-testid="pq-config">
      {entries.map(([key, p]) => {
        const label = p.title ?? key;
        const common = { label, description: p.description, withAsterisk: required.has(key), 'data-field': key };
        const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
        if (p.enum) {
          const data = p.enum.map((v, i) => ({ value: String(v), label: p['x-labels']?.[i] ?? String(v) }));
          return <Select key={key} {...common} data={data} value={value[key] === undefined ? null : String(value[key])} allowDeselect={!required.has(key)}
            onChange={(v) => set(key, v === null ? undefined : type === 'integer' || type === 'number' ? Number(v) : v)} />;
        }
        if (type === 'boolean') return <Switch key={key} label={label} description={p.description} checked={value[key] === true} onChange={(e) => set(key, e.currentTarget.checked)} />;
        if (type === 'integer' || type === 'number') {
          return <NumberInput key={key} {...common} value={typeof value[key] === 'number' ? value[key] : ''} min={p.minimum} max={p.maximum} allowDecimal={type === 'number'}
            onChange={(v) => set(key, v === '' ? undefined : Number(v))} />;
        }
        if (type === 'array' && (p.items?.type === 'string' || p.items?.type === 'integer')) {
          const list = Array.isArray(value[key]) ? (value[key] as unknown[]).map(String) : [];
          return <TagsInput key={key} {...common} value={list} onChange={(v) => set(key, p.items?.type === 'integer' ? v.map(Number).filter(Number.isFinite) : v)} />;
        }
        if (type === 'string') {
          return (p.maxLength ?? 0) > 255
            ? <Textarea key={key} {...common} autosize minRows={2} value={String(value[key] ?? '')} onChange={(e) => set(key, e.currentTarget.value)} />
            : <TextInput key={key} {...common} value={String(value[key] ?? '')} onChange={(e) => set(key, e.currentTarget.value)} />;
        }
        return <JsonField key={key} label={label} description={p.description} value={value[key]} onChange={(v) => set(key, v)} />;
      })}
    </Stack>
  );
}

function JsonField({ label, description, value, onChange }: { label: string; description?: string; value: unknown; onChange: (v: unknown) => void }) {
  return (
    <Textarea label={label} description={description ?? 'Valeur JSON'} autosize minRows={2} defaultValue={value === undefined ? '' : JSON.stringify(value, null, 2)}
      onBlur={(e) => { try { onChange(e.currentTarget.value.trim() ? JSON.parse(e.currentTarget.value) : undefined); } catch { /* kept as typed: the validation names the field */ } }} />
  );
}

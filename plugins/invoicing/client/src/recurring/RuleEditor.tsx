/**
 * One rule of a template: when (the cron helper: a frequency and its fields, or an expression),
 * previewed as a French sentence with its next 5 dates in Paris time; manual only or not; and,
 * when it overrides them, its own customers and groups.
 */
import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { formatDateTime } from '@comptoir/sdk/react';
import { cronFromForm, describeCron, FREQUENCIES, MONTHS, nextDates, WEEKDAYS, type CronForm, type Frequency } from './cronText.ts';
import type { RuleDraft } from './templateDraft.ts';
import { CustomersPicker, GroupsPicker } from './TargetPickers.tsx';

const DAYS = [...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1er' : String(i + 1) })), { value: 'L', label: 'dernier jour' }];

function CronFields({ form, onChange }: { form: CronForm; onChange(f: CronForm): void }) {
  const set = (changes: Partial<CronForm>) => onChange({ ...form, ...changes, expression: changes.expression ?? cronFromForm({ ...form, ...changes }) });
  const time = (
    <>
      <NumberInput label="Heure" min={0} max={23} w={90} value={form.hour} onChange={(v) => set({ hour: Number(v) || 0 })} />
      <NumberInput label="Minute" min={0} max={59} w={90} value={form.minute} onChange={(v) => set({ minute: Number(v) || 0 })} />
    </>
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select label="Fréquence" w={180} data={FREQUENCIES} value={form.frequency} allowDeselect={false}
        onChange={(v) => set({ frequency: v as Frequency })} />
      {form.frequency === 'weekly' && (
        <Select label="Jour" w={150} data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))} value={String(form.weekday)}
          allowDeselect={false} onChange={(v) => set({ weekday: Number(v) })} />
      )}
      {(form.frequency === 'monthly' || form.frequency === 'yearly') && (
        <Select label="Jour du mois" w={150} data={form.frequency === 'yearly' ? DAYS.slice(0, 31) : DAYS} value={String(form.day)}
          allowDeselect={false} onChange={(v) => set({ day: v === 'L' ? 'L' : Number(v) })} />
      )}
      {form.frequency === 'yearly' && (
        <Select label="Mois" w={150} data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))} value={String(form.month)}
          allowDeselect={false} onChange={(v) => set({ month: Number(v) })} />
      )}
      {form.frequency === 'custom'
        ? <TextInput label="Expression cron" description="minute heure jour mois jour-de-semaine" w={240} value={form.expression}
            onChange={(e) => onChange({ ...form, expression: e.currentTarget.value })} />
        : time}
    </Group>
  );
}

export function RulePreview({ cron }: { cron: string }) {
  const sentence = describeCron(cron);
  if (!sentence) return <Text c="red" size="sm" role="alert">Expression illisible ou qui ne se produit jamais.</Text>;
  const dates = nextDates(cron, new Date());
  return (
    <Stack gap={2} data-testid="recurring-rule-preview">
      <Text size="sm" fw={600}>{sentence.charAt(0).toUpperCase() + sentence.slice(1)} (heure de Paris)</Text>
      <Text size="xs" c="dimmed">Prochaines dates : {dates.map((d) => formatDateTime(d.toISOString())).join(' · ')}</Text>
    </Stack>
  );
}

export function RuleEditor({ rule, onChange, onRemove, onRun }: {
  rule: RuleDraft;
  onChange(r: RuleDraft): void;
  onRemove(): void;
  /** « Lancer maintenant », for a rule already saved */
  onRun?(): void;
}) {
  const set = (changes: Partial<RuleDraft>) => onChange({ ...rule, ...changes });
  return (
    <Paper withBorder p="md" radius="md" data-testid="recurring-rule">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <TextInput label="Identifiant" description="Nom court de la règle" w={220} value={rule.identifier}
            onChange={(e) => set({ identifier: e.currentTarget.value })} />
          <Group gap="xs">
            {onRun && <Button variant="light" onClick={onRun}>Lancer maintenant</Button>}
            <Button variant="subtle" color="red" onClick={onRemove}>Retirer la règle</Button>
          </Group>
        </Group>
        <CronFields form={rule.form} onChange={(form) => set({ form })} />
        {rule.manualOnly
          ? <Text size="sm" c="dimmed">Cette règle ne part jamais seule : uniquement avec « Lancer maintenant ».</Text>
          : <RulePreview cron={cronFromForm(rule.form)} />}
        <Switch label="Manuelle seulement" checked={rule.manualOnly} onChange={(e) => set({ manualOnly: e.currentTarget.checked })} />
        <Switch label="Remplacer les clients du modèle" checked={rule.overrideCustomers}
          onChange={(e) => set({ overrideCustomers: e.currentTarget.checked })} />
        {rule.overrideCustomers && <CustomersPicker label="Clients de la règle" value={rule.customers} onChange={(customers) => set({ customers })} />}
        <Switch label="Remplacer les groupes du modèle" checked={rule.overrideCustomerGroups}
          onChange={(e) => set({ overrideCustomerGroups: e.currentTarget.checked })} />
        {rule.overrideCustomerGroups && (
          <GroupsPicker label="Groupes de la règle" description="Aucun : la règle ne vise aucun groupe" value={rule.customerGroups}
            onChange={(customerGroups) => set({ customerGroups })} />
        )}
      </Stack>
    </Paper>
  );
}

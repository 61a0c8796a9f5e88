/**
 * The rule editor with its live preview: what the rule would change among the operations, asked
 * to the server as a dry run (`POST /rules/apply` with the unsaved rule) while it is typed.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, MultiSelect, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, formatMoney, useComptoir } from '@comptoir/sdk/react';
import { APPLY, TRANSACTION_MODE_LABELS, errorText, type ApplyRulesAnswer } from '../api.ts';
import type { CategoryChoice } from '../common/categoryOptions.ts';
import { ruleBody, type RuleForm } from './ruleDraft.ts';

const LABEL_MODES = [['contains', 'contient'], ['startsWith', 'commence par'], ['endsWith', 'finit par'], ['eq', 'est exactement'], ['regex', 'expression régulière']];
const AMOUNT_MODES = [['', 'peu importe'], ['eq', '='], ['neq', '≠'], ['lt', '<'], ['lte', '≤'], ['gt', '>'], ['gte', '≥'], ['between', 'entre']];

export function RuleEditor({ initial, choices, accounts, onSave, onCancel }: {
  initial: RuleForm; choices: CategoryChoice[]; accounts: { value: string; label: string }[];
  onSave: (form: RuleForm, applyNow: boolean) => Promise<void>; onCancel: () => void;
}) {
  const { api } = useComptoir();
  const [form, setForm] = useState(initial);
  const [applyNow, setApplyNow] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof RuleForm>(key: K) => (value: RuleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const [debounced] = useDebouncedValue(form, 400);
  const body = ruleBody(debounced);
  const preview = useQuery({
    queryKey: ['banking', 'rules', 'preview', body],
    queryFn: () => api.post<ApplyRulesAnswer>(APPLY, { dryRun: true, limit: 20, rule: { detection: body.detection, actions: body.actions } }),
    retry: false,
    // nothing to ask before the rule has a condition and something to do
    enabled: Object.keys(body.detection).length > 0 && Object.keys(body.actions).length > 0,
  });

  async function save() {
    setError(null);
    setSaving(true);
    try {
      await onSave(form, applyNow);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="banking-rule-editor">
      <Stack>
        <Title order={4}>Règle</Title>
        <TextInput label="Nom" required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} />
        <Group align="end">
          <Select label="Le libellé" data={LABEL_MODES.map(([value, label]) => ({ value, label }))} value={form.labelMode} onChange={(v) => set('labelMode')(v ?? 'contains')} allowDeselect={false} />
          <TextInput label="Texte" flex={1} value={form.labelValue} onChange={(e) => set('labelValue')(e.currentTarget.value)} />
          <Checkbox label="Respecter les majuscules" checked={form.caseSensitive} onChange={(e) => set('caseSensitive')(e.currentTarget.checked)} />
        </Group>
        <Group align="end">
          <Select label="Le montant" data={AMOUNT_MODES.map(([value, label]) => ({ value, label }))} value={form.amountMode} onChange={(v) => set('amountMode')(v ?? '')} allowDeselect={false} />
          {form.amountMode && <TextInput label={form.amountMode === 'between' ? 'De' : 'Montant'} value={form.amountValue} onChange={(e) => set('amountValue')(e.currentTarget.value)} />}
          {form.amountMode === 'between' && <TextInput label="À" value={form.amountMax} onChange={(e) => set('amountMax')(e.currentTarget.value)} />}
          <MultiSelect label="Comptes" placeholder="Tous" data={accounts} value={form.accounts} onChange={set('accounts')} />
        </Group>
        <Text fw={600}>Alors</Text>
        <Group align="end">
          <Select label="Classer dans" placeholder="Ne pas changer" clearable searchable data={choices} value={form.category} onChange={set('category')} />
          <TextInput label="Nouveau libellé ($1, $2… : groupes de l’expression)" value={form.newLabel} onChange={(e) => set('newLabel')(e.currentTarget.value)} />
          <TextInput label="Lieu" value={form.location} onChange={(e) => set('location')(e.currentTarget.value)} />
          <Select label="Mode" placeholder="Ne pas changer" clearable data={Object.entries(TRANSACTION_MODE_LABELS).map(([value, label]) => ({ value, label }))} value={form.transactionMode} onChange={set('transactionMode')} />
        </Group>
        <Paper bg="gray.0" p="sm" data-testid="banking-rule-preview">
          {preview.isError ? <Text c="orange" size="sm">{errorText(preview.error)}</Text>
            : preview.data ? (
              <>
                <Text size="sm" fw={600}>Aperçu : {preview.data.changed} opération(s) sur {preview.data.examined} seraient modifiées</Text>
                <Table>
                  <Table.Tbody>
                    {preview.data.changes.map((c) => (
                      <Table.Tr key={c.operationId}>
                        <Table.Td>{formatDate(c.dateOperation)}</Table.Td>
                        <Table.Td>{formatMoney(c.amount)}</Table.Td>
                        <Table.Td>{Object.entries(c.after).map(([k, v]) => `${k} → ${String(v)}`).join(' ; ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            ) : <Text size="sm" c="dimmed">{preview.isFetching ? 'Aperçu en cours…' : 'Donnez une condition et une action pour voir ce que la règle changerait.'}</Text>}
        </Paper>
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        <Group>
          <Checkbox label="Appliquer aussi aux opérations existantes" checked={applyNow} onChange={(e) => setApplyNow(e.currentTarget.checked)} />
          <Button onClick={save} loading={saving}>Enregistrer la règle</Button>
          <Button variant="default" onClick={onCancel}>Annuler</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

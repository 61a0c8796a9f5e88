/** The rules: their list, the editor (new, or prefilled from an operation: `?operation=<id>`). */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useComptoir, useEntity, useInvalidate, useList } from '@comptoir/sdk/react';
import { notifySaved } from '@comptoir/sdk/ui';
import { ACCOUNTS, APPLY, CATEGORIES, MANAGE, OPERATIONS, RULES, type ApplyRulesAnswer, type Operation, type OperationAccount, type OperationCategory, type OperationRule } from '../api.ts';
import { categoryChoices } from '../common/categoryOptions.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { emptyRule, ruleBody, type RuleForm } from './ruleDraft.ts';

export function RulesScreen() {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const [params, setParams] = useSearchParams();
  const fromOperation = params.get('operation');
  const [creating, setCreating] = useState(false);
  const rules = useList<OperationRule>(RULES, { sort: { field: 'order', ascending: true }, pagination: { quantity: 500 } });
  const categories = useList<OperationCategory>(CATEGORIES, { pagination: { quantity: 500 } });
  const accounts = useList<OperationAccount>(ACCOUNTS, { pagination: { quantity: 100 } });
  const operation = useEntity<Operation>(OPERATIONS, fromOperation);
  const editing = creating || Boolean(fromOperation);

  const initial: RuleForm | null = !fromOperation ? emptyRule()
    : operation.data ? { ...emptyRule(), name: operation.data.label, labelValue: operation.data.originalLabel || operation.data.label, accounts: [operation.data.fk.account] }
      : null;

  async function save(form: RuleForm, applyNow: boolean) {
    const rule = await api.post<OperationRule>(RULES, ruleBody(form));
    let changed = 0;
    if (applyNow) changed = (await api.post<ApplyRulesAnswer>(APPLY, { rules: [rule._id] })).changed;
    notifySaved(applyNow ? `Règle enregistrée : ${changed} opération(s) modifiée(s).` : 'Règle enregistrée.');
    await Promise.all([invalidate(RULES), invalidate(OPERATIONS), invalidate(ACCOUNTS)]);
    close();
  }
  function close() {
    setCreating(false);
    if (fromOperation) setParams({});
  }

  return (
    <Stack data-testid="banking-rules">
      {editing && (initial
        ? <RuleEditor key={fromOperation ?? 'new'} initial={initial} choices={categoryChoices(categories.data?.data ?? [])}
          accounts={(accounts.data?.data ?? []).map((a) => ({ value: a._id, label: a.name }))} onSave={save} onCancel={close} />
        : <Loader />)}
      {!editing && can(MANAGE) && <Group><Button onClick={() => setCreating(true)}>Nouvelle règle</Button></Group>}
      {rules.isPending ? <Loader /> : (
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Conditions</Table.Th><Table.Th>Actions</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(rules.data?.data ?? []).map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{[r.detection.label && `libellé ${r.detection.label.mode} « ${r.detection.label.value} »`, r.detection.amount && `montant ${r.detection.amount.mode} ${r.detection.amount.value ?? `${r.detection.amount.min}…${r.detection.amount.max}`}`].filter(Boolean).join(', ')}</Table.Td>
                <Table.Td>{[r.actions.category && 'classe', r.actions.label && `libellé « ${r.actions.label} »`, r.actions.location && 'lieu', r.actions.transactionMode && 'mode'].filter(Boolean).join(', ')}</Table.Td>
                <Table.Td>{!r.enabled && <Badge color="gray">désactivée</Badge>}</Table.Td>
              </Table.Tr>
            ))}
            {rules.data?.data.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Aucune règle : créez-en une, ou depuis une opération.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

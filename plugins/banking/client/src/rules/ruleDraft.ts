/**
 * The rule editor's form as the API's body (plain, tested in client/test): empty parts left out,
 * amounts read as numbers, the category choice split in its pair.
 */
import type { RuleActions, RuleDetection } from '../api.ts';
import { pairOf } from '../common/categoryOptions.ts';

export interface RuleForm {
  name: string;
  labelMode: string;
  labelValue: string;
  caseSensitive: boolean;
  amountMode: string;
  amountValue: string;
  amountMax: string;
  accounts: string[];
  category: string | null;
  newLabel: string;
  location: string;
  transactionMode: string | null;
}

export const emptyRule = (): RuleForm => ({
  name: '', labelMode: 'contains', labelValue: '', caseSensitive: false, amountMode: '', amountValue: '', amountMax: '',
  accounts: [], category: null, newLabel: '', location: '', transactionMode: null,
});

/** `12,50` or `-12.5` → a number; empty or unreadable → undefined */
export function amountOf(text: string): number | undefined {
  const t = text.replace(/\s/g, '').replace(',', '.');
  if (!t || !/^[+-]?\d+(\.\d+)?$/.test(t)) return undefined;
  return Number(t);
}

export function ruleBody(form: RuleForm): { name: string; detection: RuleDetection; actions: RuleActions } {
  const detection: RuleDetection = {};
  if (form.labelValue) detection.label = { mode: form.labelMode as never, value: form.labelValue, ...(form.caseSensitive ? { caseSensitive: true } : {}) };
  if (form.amountMode === 'between') detection.amount = { mode: 'between', min: amountOf(form.amountValue), max: amountOf(form.amountMax) };
  else if (form.amountMode) detection.amount = { mode: form.amountMode as never, value: amountOf(form.amountValue) };
  if (form.accounts.length) detection.accounts = form.accounts;
  const actions: RuleActions = {};
  const pair = pairOf(form.category);
  if (pair.category) Object.assign(actions, pair);
  if (form.newLabel) actions.label = form.newLabel;
  if (form.location) actions.location = form.location;
  if (form.transactionMode) actions.transactionMode = form.transactionMode as never;
  return { name: form.name, detection, actions };
}

/** Display names (spec 000 §3): the company followed by the personal name in brackets, or just the personal name. */
import type { Customer, Receiver } from '../types.ts';

type Named = Pick<Customer, 'company' | 'firstname' | 'name'>;

export function displayName(p: Named | null | undefined): string {
  if (!p) return '';
  const person = [p.firstname, p.name].filter((s) => s && s.trim()).join(' ');
  if (p.company && p.company.trim()) return person ? `${p.company} (${person})` : p.company;
  return person;
}

export function receiverName(r: Receiver | null | undefined): string {
  return displayName(r) || '—';
}

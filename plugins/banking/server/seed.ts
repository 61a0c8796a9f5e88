/**
 * Examples of « Banque » for the demo company (`npm start`, `npm run seed-demo`): the categories of
 * a bakery, its current account with a few operations of this month and the last (one of them
 * paying the latest unpaid demo invoice, suggested in the inbox), two rules and an insurance contract; only in a company that has no bank account yet (every seed run calls it).
 */
import type { CallContext } from '@comptoir/sdk';
import { Accounts } from './entities.ts';
import { accountsService } from './services/accounts/accounts.ts';
import { categoriesService } from './services/categories/categories.ts';
import { contractsService } from './services/contracts/contracts.ts';
import { dayInstant, parisDay } from './services/common/dates.ts';
import { operationsService } from './services/operations/operations.ts';
import { rulesService } from './services/rules/rules.ts';
import { suggestionsService } from './services/matching/suggestions.ts';
import { invoices } from './services/deps.ts';

const TREE: [string, boolean, string[]][] = [
  ['Ventes', true, ['Encaissements carte', 'Virements clients']],
  ['Achats', false, ['Farine et matières premières', 'Emballages']],
  ['Charges', false, ['Électricité', 'Assurances', 'Téléphone et internet']],
  ['Banque', false, ['Frais bancaires']],
];

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Accounts).count()) > 0) return;
  const categories = categoriesService(ctx);
  const ids = new Map<string, string>();
  for (const [name, credit, subs] of TREE) {
    const parent = await categories.create({ name, credit });
    ids.set(name, parent._id);
    for (const sub of subs) ids.set(sub, (await categories.create({ name: sub, parent: parent._id }))._id);
  }
  const account = await accountsService(ctx).create({ name: 'Compte courant', bank: 'Crédit Agricole', number: 'FR76 1120 6000 0012 3456 7890 189', balance: 8420.35 });
  const [y, m] = parisDay(ctx.now).split('-').map(Number);
  const day = (d: number, back = 0) => dayInstant(m - back < 1 ? y - 1 : y, ((m - back - 1 + 12) % 12) + 1, d)!;
  const ops = operationsService(ctx);
  const rows: [string, string, number, string | null, string | null][] = [
    [day(2, 1), 'REMISE CB 01/' + String(m).padStart(2, '0'), 1284.6, 'Ventes', 'Encaissements carte'],
    [day(5, 1), 'PRLV SEPA EDF ENTREPRISES', -312.48, null, null],
    [day(8, 1), 'CB MOULINS BOURGEOIS 07/' + String(m).padStart(2, '0'), -845.0, null, null],
    [day(15, 1), 'VIR SEPA HOTEL DU PARC FACTURE F0000012', 640.0, 'Ventes', 'Virements clients'],
    [day(28, 1), 'FRAIS TENUE DE COMPTE', -12.5, 'Banque', 'Frais bancaires'],
    [day(1), 'REMISE CB 30/' + String(m).padStart(2, '0'), 1512.3, 'Ventes', 'Encaissements carte'],
    [day(3), 'PRLV SEPA ORANGE PRO', -54.99, null, null],
    [day(5), 'PRLV SEPA EDF ENTREPRISES', -298.12, null, null],
  ];
  for (const [date, label, amount, cat, sub] of rows) {
    await ops.create({ dateOperation: date, label, amount, fk: { account: account._id, category: cat ? ids.get(cat)! : null, subCategory: sub ? ids.get(sub)! : null } });
  }
  // a transfer paying the demo's latest unpaid invoice (when « Facturation » made some): the
  // suggestions inbox has something to show (README « Matching »)
  const unpaid = await invoices(ctx).list({
    filters: { numberFull: { mode: 'exists', value: true }, unpaidAmount: { mode: 'gt', value: 0 } },
    sort: { field: 'date', ascending: false }, pagination: { quantity: 1 },
  });
  const due = unpaid.data[0];
  if (due) {
    await ops.create({ dateOperation: day(Number(parisDay(ctx.now).slice(8))), label: `VIR SEPA ${(due.receiverName ?? '').toUpperCase()} FACT ${due.numberFull}`.slice(0, 255), amount: due.unpaidAmount, transactionMode: 'transfer', fk: { account: account._id } });
  }
  const rules = rulesService(ctx);
  await rules.create({
    name: 'Électricité EDF', detection: { label: { mode: 'contains', value: 'EDF' }, amount: { mode: 'lt', value: 0 } },
    actions: { category: ids.get('Charges'), subCategory: ids.get('Électricité'), label: 'Électricité (EDF)', transactionMode: 'debit' },
  });
  await rules.create({
    name: 'Cartes chez les fournisseurs', detection: { label: { mode: 'regex', value: '^CB (.+) \\d{2}/\\d{2}$' } },
    actions: { label: 'Carte $1', transactionMode: 'cb' },
  });
  await rules.apply({});
  if (due) await suggestionsService(ctx).refresh({ accounts: [account._id] });
  await contractsService(ctx).create({
    name: 'Assurance multirisque', label: 'PRLV SEPA AXA', paymentFrequency: 'monthly', renewFrequency: 'yearly',
    firstPaymentDate: day(10, 1), startDate: day(10, 1), fk: { category: ids.get('Charges'), subCategory: ids.get('Assurances') },
  });
}

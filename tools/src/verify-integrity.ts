/**
 * `npm run verify-integrity [-- --company <id>]`: walks the hash chains of every company (or of
 * one) — every chain the loaded plugins contribute to the platform's point
 * `kernel.integrity-chains` (sdk/src/integrity-chains.ts): invoicing (invoices, invoice payments),
 * purchases (payments to suppliers, payments of external purchases), and whatever comes next — as
 * `GET /api/kernel/integrity` does for the active company, and names the first broken link of
 * each broken chain. Then compares each company's maintained totals (server/src/db/totals/README.md:
 * the figures the default lists read) with a recount of its documents, and names the tables that
 * differ. Exit code 0 when every chain is whole and every total agrees, 1 otherwise (or on a
 * refusal). Boots the kernel like `npm start` (migrations included), listens on nothing.
 */
import { parseArgs } from 'node:util';
import { createKernel, loadConfig } from '@comptoir/server';
import { integrityChains, type IntegrityView } from '@comptoir/sdk';
import type { Company } from '@comptoir/schemas';
import { Companies } from '../../server/src/entities/platform.ts';
import { verifyChains } from '../../server/src/platform/services/integrity/verify-chains.ts';
import { ToolError, argumentError, runCli } from './cli.ts';
import { describeDatabase } from './plugin-set.ts';
import { compareTotals } from '../../server/src/db/totals/sync.ts';
import { totalsSpecOf, type TotalsSpec } from '../../server/src/db/totals/spec.ts';

const USAGE = 'Usage : npm run verify-integrity [-- --company <identifiant>]';

const frenchCount = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\u202f/g, ' ');
const KIND: Record<string, string> = {
  invoice: 'à la facture', payment: 'au paiement',
  'purchase-payment': 'au paiement d’achat', 'external-purchase-payment': 'au paiement d’achat en ligne',
};

await runCli('Vérification d’intégrité impossible', async () => {
  let companyId: string | undefined;
  try {
    companyId = parseArgs({ options: { company: { type: 'string' } }, allowPositionals: false }).values.company;
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const kernel = await createKernel({ config });
  try {
    // the system reads the platform's point: every chain, whatever the permissions
    const chainCount = await kernel.asSystem(null, async (ctx) => ctx.contributions(integrityChains).length);
    if (chainCount === 0) throw new ToolError('aucun plugin chargé ne déclare de chaîne d’empreintes : rien à vérifier.');
    const list: Pick<Company, '_id' | 'name'>[] = await kernel.asSystem(null, async (ctx) => {
      const repo = ctx.unscoped(Companies);
      if (companyId !== undefined) {
        const one = /^[0-9a-f]{24}$/.test(companyId) ? await repo.find(companyId) : null;
        if (!one) throw new ToolError(`entreprise inconnue : « ${companyId} ». ${USAGE}`);
        return [one];
      }
      return await repo.findMany({}, { orderBy: 'name' });
    });
    /** every chain of a company, in the platform's order (that of the « Intégrité » screen) */
    const verifyAll = (id: string): Promise<IntegrityView> => kernel.asSystem(id, (ctx) => verifyChains(ctx));
    console.log(`Base : ${describeDatabase(config)}`);
    let broken = 0;
    let documents = 0;
    const totals = kernel.plugins.flatMap((p) => p.def.entities ?? []).map(totalsSpecOf).filter((t): t is TotalsSpec => t !== null);
    let wrongTotals = 0;
    for (const company of list) {
      const report = await verifyAll(company._id);
      documents += report.checked;
      const who = `« ${company.name} » (${company._id})`;
      if (!report.valid) {
        broken++;
        // one line per chain that is not whole, named by its French label
        for (const chain of report.chains.filter((c) => !c.valid)) {
          const b = chain.firstBroken;
          console.log(b
            ? `${who} : chaîne rompue ${KIND[b.kind] ?? `au document (${b.kind})`} ${b.number} (${b._id}) — ${b.message} (chaîne « ${chain.label} »).`
            : `${who} : chaîne « ${chain.label} » non vérifiée — ${chain.error ?? 'erreur inconnue'}`);
        }
      } else {
        console.log(`${who} : ${frenchCount(report.checked)} document${report.checked > 1 ? 's' : ''} vérifié${report.checked > 1 ? 's' : ''}, chaîne intacte.`);
      }
      for (const spec of totals) {
        const differ = await compareTotals(kernel.db, spec, company._id);
        if (differ.length === 0) continue;
        wrongTotals++;
        console.log(`${who} : les totaux tenus à jour de ${spec.table} diffèrent du recomptage des documents (${differ.length} groupe${differ.length > 1 ? 's' : ''}) ; supprimez la table ${spec.table} : le prochain démarrage la recompte.`);
      }
    }
    if (wrongTotals > 0) console.log(`Totaux : ${wrongTotals} table${wrongTotals > 1 ? 's' : ''} de totaux à recompter.`);
    if (broken > 0) {
      console.log(`Résultat : ${broken} entreprise${broken > 1 ? 's' : ''} sur ${list.length} avec une chaîne rompue.`);
      return 1;
    }
    if (wrongTotals > 0) return 1;
    console.log(`Résultat : toutes les chaînes sont intactes (${list.length} entreprise${list.length > 1 ? 's' : ''}, ${frenchCount(documents)} documents).`);
    return 0;
  } finally {
    await kernel.stop();
  }
});

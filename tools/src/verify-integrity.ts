/**
 * `npm run verify-integrity [-- --company <id>]`: walks the hash chains of every company (or of
 * one) — those of each loaded plugin offering an `integrity` service: invoicing (invoices, invoice
 * payments), purchases (payments of purchases and external purchases) — as their
 * `GET /api/<plugin>/integrity` do for the active company, and names the first broken link of each. Exit code 0 when every chain is whole, 1 otherwise (or on a
 * refusal). Boots the kernel like `npm start` (migrations included), listens on nothing.
 */
import { parseArgs } from 'node:util';
import { createKernel, loadConfig } from '@comptoir/server';
import type { Company } from '@comptoir/schemas';
import { Companies } from '../../server/src/entities/platform.ts';
import { ToolError, argumentError, runCli } from './cli.ts';
import { describeDatabase } from './plugin-set.ts';

const USAGE = 'Usage : npm run verify-integrity [-- --company <identifiant>]';

/** What a plugin's `integrity` service answers (structural: no import of plugin code). */
interface IntegrityReport {
  valid: boolean;
  checked: number;
  firstBroken: { kind: string; _id: string; number: string; message: string } | null;
}

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
    // invoicing first, then the plugins built on it (dependency order of the loader)
    const verifiers = kernel.plugins.filter((p) => typeof p.def.services?.integrity === 'function').map((p) => p.def.id);
    if (!verifiers.includes('invoicing')) throw new ToolError('le plugin « invoicing » (Facturation) n’est pas chargé : aucune chaîne à vérifier.');
    const list: Pick<Company, '_id' | 'name'>[] = await kernel.asSystem(null, async (ctx) => {
      const repo = ctx.unscoped(Companies);
      if (companyId !== undefined) {
        const one = /^[0-9a-f]{24}$/.test(companyId) ? await repo.find(companyId) : null;
        if (!one) throw new ToolError(`entreprise inconnue : « ${companyId} ». ${USAGE}`);
        return [one];
      }
      return await repo.findMany({}, { orderBy: 'name' });
    });
    /** every plugin's chains of a company: the documents of all, the first break found */
    const verifyAll = async (id: string): Promise<IntegrityReport> => {
      let checked = 0;
      for (const plugin of verifiers) {
        const one = await kernel.asSystem(id, (ctx) => ctx.resolve<{ verify(): Promise<IntegrityReport> }>('integrity').verify(), plugin);
        checked += one.checked;
        if (one.firstBroken) return { valid: false, checked, firstBroken: one.firstBroken };
      }
      return { valid: true, checked, firstBroken: null };
    };
    console.log(`Base : ${describeDatabase(config)}`);
    let broken = 0;
    let documents = 0;
    for (const company of list) {
      const report = await verifyAll(company._id);
      documents += report.checked;
      const who = `« ${company.name} » (${company._id})`;
      if (report.firstBroken) {
        broken++;
        const b = report.firstBroken;
        console.log(`${who} : chaîne rompue ${KIND[b.kind] ?? `au document (${b.kind})`} ${b.number} (${b._id}) — ${b.message}.`);
      } else {
        console.log(`${who} : ${frenchCount(report.checked)} document${report.checked > 1 ? 's' : ''} vérifié${report.checked > 1 ? 's' : ''}, chaîne intacte.`);
      }
    }
    if (broken > 0) {
      console.log(`Résultat : ${broken} entreprise${broken > 1 ? 's' : ''} sur ${list.length} avec une chaîne rompue.`);
      return 1;
    }
    console.log(`Résultat : toutes les chaînes sont intactes (${list.length} entreprise${list.length > 1 ? 's' : ''}, ${frenchCount(documents)} documents).`);
    return 0;
  } finally {
    await kernel.stop();
  }
});

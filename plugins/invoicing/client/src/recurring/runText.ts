/**
 * What « Lancer maintenant » says once the server answered (issue 11): a manual run stands for an
 * occurrence of the rule and is made once; pressed again, the server answers the run already made,
 * whose date says so.
 */
import type { TemplateRun } from './api.ts';

const instant = (iso: string) => new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
}).format(new Date(iso)).replace(' ', ' à ');

export function runMessage(run: Pick<TemplateRun, 'occurrence' | 'invoiceCount' | 'metadata'>): string {
  const n = run.invoiceCount;
  const invoices = `${n} facture${n > 1 ? 's' : ''}`;
  return `Occurrence du ${instant(run.occurrence)} : ${invoices}, exécution du ${instant(run.metadata.creationDate)}.`;
}

/**
 * What the bad-input tests of every plugin route share (test/integration/plugins-bad-input.test.ts):
 * valid sample bodies, the check that a message is French for a person, and the list of what is
 * wrong with a refusal (http README « Errors »).
 */
import type { TestResponse } from '@comptoir/sdk/testing';
import { accepts, hasBody, type PluginRoute } from './plugin-routes.ts';

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Camille Échantillon\r\nN:Échantillon;Camille;;;\r\nEND:VCARD\r\n';

/**
 * A valid body for the routes whose schema refuses `{}` (and realistic ones for the creations);
 * any other body route is sent `{}`. A new route that needs one fails with a message saying so.
 */
export const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/contacts/customers': { name: 'Échantillon', firstname: 'Camille' },
  'POST /api/contacts/providers': { company: 'Fournisseur témoin SARL' },
  'POST /api/contacts/contacts': { firstname: 'Camille', name: 'Témoin' },
  'POST /api/contacts/contacts/import/preview': { format: 'vcard', content: VCARD },
  'POST /api/contacts/contacts/import': { format: 'vcard', content: VCARD },
  'POST /api/catalogue/items': { name: 'Article témoin', vat: 20, exclTaxesPrice: 10 },
  'POST /api/invoicing/compute': { items: [{ labelPrimary: 'Pain', quantity: 2, vat: 5.5, exclTaxesPrice: 1.5 }] },
  'POST /api/invoicing/invoices': { items: [{ labelPrimary: 'Pain', quantity: 2, vat: 5.5, exclTaxesPrice: 1.5 }] },
  'POST /api/invoicing/quotations': { items: [{ labelPrimary: 'Gâteau', quantity: 1, vat: 5.5, inclTaxesPrice: 25 }] },
  'POST /api/invoicing/invoices/:id/payments': { mode: 'cash', amount: 5 },
  'POST /api/invoicing/invoice-templates': { name: 'Abonnement témoin', cronRules: [{ cron: '0 8 1 * *' }] },
  'POST /api/invoicing/invoice-templates/:id/run': { identifier: 'mensuel' },
  'PUT /api/invoicing/accounting-settings': { accounts: [{ role: 'bank', number: '512100', label: 'Banque témoin' }], journals: [] },
  'POST /api/purchases/purchases/import': { name: 'facture.xml', content: 'PHg+' },
  'POST /api/purchases/purchases/:id/payments': { mode: 'transfer', amount: 5 },
  'POST /api/purchases/external-purchases': { shop: 'Boutique témoin', items: [{ label: 'Moule', vat: 20, inclTaxesPrice: 12 }] },
  'POST /api/purchases/external-purchases/:id/payments': { mode: 'cb', amount: 5 },
  'POST /api/pos/cash-registers': { name: 'Caisse témoin' },
  'POST /api/pos/cash-registers/:id/open': { cash: { details: [{ unit: 10, quantity: 2 }] } },
  'POST /api/pos/cash-registers/:id/close': { cash: { details: [{ unit: 10, quantity: 2 }] } },
  'POST /api/pos/cash-registers/:id/z-ticket': { cash: { details: [{ unit: 10, quantity: 2 }] } },
  'POST /api/pos/archives': { frequency: 'daily', date: '2026-01-06' },
  'POST /api/surveys/public/surveys/:id/results': { data: { note: 4 } },
  'POST /api/surveys/results': { data: { note: 4 }, fk: { survey: '0123456789abcdef01234567' } },
  'POST /api/projects/projects': { name: 'Projet témoin' },
  'POST /api/process-queues/queues': { name: 'File témoin', typeIdentifier: 'general' },
  'PUT /api/process-queues/queues/:id': { name: 'File témoin' },
  'POST /api/process-queues/validate': { typeIdentifier: 'general', plugins: [] },
  'PUT /api/projects/projects/:id': { name: 'Projet témoin' },
  'POST /api/projects/teams': { name: 'Équipe témoin' },
  'PUT /api/projects/teams/:id': { name: 'Équipe témoin' },
  'POST /api/projects/items': { name: 'Idée témoin', fk: { project: '0123456789abcdef01234567' } },
  'PUT /api/projects/items/:id': { name: 'Idée témoin' },
  'POST /api/projects/items/:id/move': { status: 'accepted' },
  'POST /api/projects/items/:id/task-lists': { name: 'Liste témoin' },
  'POST /api/projects/items/:id/task-lists/:list/tasks': { name: 'Tâche témoin' },
  'POST /api/projects/user-settings': { order: 0, fk: { project: '0123456789abcdef01234567' } },
  'POST /api/projects/working-times': { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z', fk: { project: '0123456789abcdef01234567' } },
  'PUT /api/projects/working-times/:id': { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
  'POST /api/projects/working-times/start': { fk: { project: '0123456789abcdef01234567' } },
  'POST /api/projects/working-times/invoice': { workingTimes: ['0123456789abcdef01234567'], customer: '0123456789abcdef01234567' },
  'POST /api/projects/comments': { description: 'Commentaire témoin', fk: { item: '0123456789abcdef01234567' } },
  'PUT /api/projects/comments/:id': { description: 'Commentaire témoin' },
  'POST /api/projects/interventions': { title: 'Intervention témoin' },
  'PUT /api/projects/interventions/:id': { title: 'Intervention témoin' },
  'POST /api/pos/cash-registers/:id/movements': { type: 'in', reason: 'Monnaie', cash: { details: [{ unit: 2, quantity: 5 }] } },
  'POST /api/pos/change': { cashRegisterId: '0123456789abcdef01234567', amount: 4.5, paid: { details: [{ unit: 5, quantity: 1 }] } },
  'POST /api/pos/print-servers': { name: 'Imprimante témoin', ip: '192.168.1.50', secret: 'secret-témoin' },
  'POST /api/pos/receipts': { cashRegisterId: '0123456789abcdef01234567', items: [{ labelPrimary: 'Pain', inclTaxesPrice: 1 }], payments: [{ mode: 'cb', amount: 1 }] },
  'POST /api/pos/receipts/:id/refund': { payments: [{ mode: 'cb', amount: 1 }] },
  'POST /api/pos/receipts/:id/invoice': { customerId: '0123456789abcdef01234567' },
  'POST /api/pos/receipts/:id/send': { to: 'client@exemple.fr' },
  'POST /api/banking/operations/:id/split': { parts: [] },
  'POST /api/websites/block-previews': { block: { type: 'hero' } },
  'POST /api/websites/websites/:id/preview': { type: 'hero' },
  'PUT /api/websites/menus/:id/order': { items: [] },
  'POST /api/booking/rooms': { name: 'Salle témoin' },
  'POST /api/booking/bookers': { name: 'Réservant témoin' },
  'POST /api/booking/bookings': { name: 'Témoin', startDate: '2026-05-06T08:00:00.000Z', slots: 1, quantity: [{ booker: '0123456789abcdef01234567', quantity: 1 }], fk: { room: '0123456789abcdef01234567' } },
  'POST /api/booking/public/bookings': { room: '0123456789abcdef01234567', startDate: '2026-05-06T08:00:00.000Z', slots: 1, quantity: [{ booker: '0123456789abcdef01234567', quantity: 1 }], name: 'Témoin', email: 'temoin@exemple.fr' },
  'POST /api/booking/public/bookings/cancel': { key: 'cle-temoin-inconnue-0001' },
  'POST /api/pbx/incoming': { context: 'atmos-incoming', caller: '0612345678', exten: '0140000000', callid: '1764500000.1' },
  'POST /api/pbx/hang-ups': { callid: '1764500000.1' },
  'POST /api/pbx/pre-pickup-choices': { requestId: '1764500000.1', action: 'transfer' },
  'POST /api/pbx/first-configuration': { numbers: [{ number: '+33140000000', password: 'secret-témoin', domain: 'sip.operateur.test' }] },
};

/** the sample body of a route; undefined for routes that read none */
export function sampleBody(r: PluginRoute): Record<string, unknown> | undefined {
  if (!hasBody(r)) return undefined;
  if (!r.body) return {};
  const sample = SAMPLE_BODIES[`${r.method} ${r.path}`] ?? {};
  if (!accepts(r.body, sample)) {
    throw new Error(`Route ${r.key}: its body schema refuses ${JSON.stringify(sample)}: add a valid body to SAMPLE_BODIES in test/support/bad-input.ts.`);
  }
  return structuredClone(sample);
}

/** French, for a person: not a library's English, not a stack, not an object printed as text */
export function isFrench(message: unknown): boolean {
  return typeof message === 'string' && message.length > 5
    && /[éèêàùçôû’«]|\b(le|la|les|un|une|des|de|du|en|au|aux|ce|cette|est|pas|doit|champ|introuvable|invalide|inconnue?|ligne|fiche|fichier|vide)\b/i.test(message)
    && !/\b(must|should|cannot|invalid|error|undefined|the|is|not|with|found|expected|required|failed|unexpected)\b|\[object Object\]|at .*\.ts:\d+/i.test(message);
}

/** a body as a problem line shows it, cut to 240 characters */
export const describeBody = (body: unknown, raw?: string | Uint8Array): string => {
  const text = typeof raw === 'string' ? raw : raw ? `(octets) ${Buffer.from(raw).toString('latin1')}` : body === undefined ? '(sans corps)' : JSON.stringify(body);
  return text.length > 240 ? `${text.slice(0, 240)}…(${text.length} caractères)` : text;
};


export interface RefusalExpected { status?: number; field?: string; fieldPrefix?: string; message?: RegExp }

/** What is wrong with a refusal: the status (or any 4xx) expected (or any 4xx), a JSON error with a French message, and optionally a detail naming `field` */
export function refusalProblems(res: TestResponse, label: string, expected: RefusalExpected = {}): string[] {
  const problems: string[] = [];
  if (res.status >= 500) return problems; // listed by the sender
  const ok = expected.status ? res.status === expected.status : res.status >= 400 && res.status < 500;
  if (!ok) {
    problems.push(`${label} : ${res.status} au lieu de ${expected.status ?? '4xx'} → ${describeBody(res.body)}`);
    return problems;
  }
  const b = res.body ?? {};
  if (b.status !== res.status || typeof b.code !== 'string') problems.push(`${label} : corps d’erreur sans status/code : ${describeBody(b)}`);
  if (!isFrench(b.message)) problems.push(`${label} : message pas en français : ${describeBody(b.message)}`);
  if (expected.message && !expected.message.test(String(b.message))) problems.push(`${label} : message ${JSON.stringify(b.message)} ne correspond pas à ${expected.message}`);
  const details: { field: string; message: string }[] = Array.isArray(b.details) ? b.details : [];
  if (expected.field !== undefined && !details.some((d) => d.field === expected.field)) {
    problems.push(`${label} : aucun détail ne nomme « ${expected.field} » : ${describeBody(details)}`);
  }
  if (expected.fieldPrefix !== undefined) {
    const p = expected.fieldPrefix;
    const detail = details.find((d) => d.field === p || d.field.startsWith(`${p}.`) || p.startsWith(`${d.field}.`));
    if (!detail) problems.push(`${label} : aucun détail ne nomme « ${p} » : ${describeBody(details)}`);
    else {
      if (!String(b.message).includes(`« ${detail.field} »`)) problems.push(`${label} : le message ne nomme pas « ${detail.field} » : ${b.message}`);
      if (!isFrench(detail.message) && !/^[a-zà-ÿ ’'0-9:().,-]+$/i.test(detail.message)) problems.push(`${label} : détail pas en français : ${detail.message}`);
      if (/\b(must|should)\b/.test(detail.message)) problems.push(`${label} : détail en anglais : ${detail.message}`);
    }
  }
  return problems;
}

/**
 * One legitimate record per collection of every plugin in plugins/ (and the ids of a few actions'
 * targets), made through the API by the administrator of `k` (whose clock stands at `now`): what
 * `test/integration/plugins-bad-input.test.ts` calls each route with, so that only the tested
 * defect is wrong. A plugin with routes adds its records here.
 */
import { expect } from 'chai';
import type { TestKernel, TestResponse } from '@comptoir/sdk/testing';
import { makeEligible } from '../../plugins/invoicing/test/support.ts';

/** the ids by `<plugin>:<collection>`, `<collection>/<action>` or `<collection>` (the test's `ownId`) */
export async function legitimateRecords(k: TestKernel, now: Date): Promise<Record<string, string>> {
  const own: Record<string, string> = {};
  await makeEligible(k);
  const ok = async (res: Promise<TestResponse>, status = 201) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
    return answer.body;
  };
  const h = k.http;
  const customer = await ok(h.post('/api/contacts/customers', {
    name: 'Dupont', firstname: 'Jeanne', email: 'jeanne.dupont@exemple.fr',
    addresses: [{ address: '3 rue des Lilas', zipCode: '69001', city: 'Lyon', country: 'France' }],
  }));
  const provider = await ok(h.post('/api/contacts/providers', { company: 'Meunerie du Moulin SARL' }));
  const contact = await ok(h.post('/api/contacts/contacts', {
    firstname: 'Paul', name: 'Martin', emails: [{ email: 'paul.martin@exemple.fr' }],
    customers: [{ customerId: customer._id, invoicesReceiver: true }], fk: { providers: [provider._id] },
  }));
  const item = await ok(h.post('/api/catalogue/items', { name: 'Baguette tradition', vat: 5.5, inclTaxesPrice: 1.3 }));
  const line = { itemId: item._id, labelPrimary: 'Baguette tradition', quantity: 10, vat: 5.5, inclTaxesPrice: 1.3 };
  const draft = await ok(h.post('/api/invoicing/invoices', { fk: { receiverCustomer: customer._id }, items: [line] }));
  const toEmit = await ok(h.post('/api/invoicing/invoices', { fk: { receiverCustomer: customer._id }, items: [line, { ...line, quantity: 2 }] }));
  const emitted = await ok(h.post(`/api/invoicing/invoices/${toEmit._id}/emit`), 200);
  const quotation = await ok(h.post('/api/invoicing/quotations', { fk: { receiverCustomer: customer._id }, items: [line] }));
  await ok(h.post(`/api/invoicing/invoices/${emitted._id}/payments`, { mode: 'cash', amount: 5 }), 200);
  const payments = await ok(h.get('/api/invoicing/payments'), 200);
  expect(payments.data).to.have.length(1);
  const template = await ok(h.post('/api/invoicing/invoice-templates', {
    name: 'Abonnement', items: [line], cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel', manualOnly: true }], fk: { customers: [customer._id] },
  }));
  const templateRun = await ok(h.post(`/api/invoicing/invoice-templates/${template._id}/run`, { identifier: 'mensuel' }));
  // a purchase and an order with a payment each: frozen payments point at them (DELETE is a 409)
  // (an order without lines: its 5 € are an overpayment, confirmed — issue 11)
  const order = await ok(h.post('/api/purchases/external-purchases', { shop: 'Boutique témoin', paymentModes: [{ amount: 5, confirmOverpayment: true }] }));
  const purchase = await ok(h.post('/api/purchases/purchases', {
    fk: { provider: provider._id, linkedSales: [emitted._id], externalPurchases: [order._id] }, items: [line], payments: [{ amount: 5 }],
  }));
  const purchasePayments = await ok(h.get('/api/purchases/payments'), 200);
  // a till opened with a counted drawer and a withdrawal: its verification, movement and events exist
  const printServer = await ok(h.post('/api/pos/print-servers', { name: 'Imprimante', ip: '127.0.0.1', secret: 'secret-du-comptoir' }));
  const register = await ok(h.post('/api/pos/cash-registers', { name: 'Comptoir' }));
  const opening = await ok(h.post(`/api/pos/cash-registers/${register._id}/open`, { cash: { details: [{ unit: 10, quantity: 3 }] } }), 200);
  const movement = await ok(h.post(`/api/pos/cash-registers/${register._id}/movements`, { type: 'out', reason: 'Banque', cash: { details: [{ unit: 10, quantity: 1 }] } }));
  // and a receipt sold on it (its refund, invoice, print and send routes name it)
  const receipt = await ok(h.post('/api/pos/receipts', { cashRegisterId: register._id, items: [line], payments: [{ mode: 'cb', amount: 13 }] }));
  const xTicket = await ok(h.post(`/api/pos/cash-registers/${register._id}/x-ticket`, {}));
  // a second register, opened and closed: its closing made a Z ticket
  const closed = await ok(h.post('/api/pos/cash-registers', { name: 'Terrasse' }));
  await ok(h.post(`/api/pos/cash-registers/${closed._id}/open`, { cash: { details: [{ unit: 10, quantity: 1 }] } }), 200);
  const closing = await ok(h.post(`/api/pos/cash-registers/${closed._id}/close`, { cash: { details: [{ unit: 10, quantity: 1 }] } }), 200);
  // a day without sales, archived (every register was opened after it)
  const archive = await ok(h.post('/api/pos/archives', { frequency: 'daily', date: '2026-01-05' }));
  const posEvents = await ok(h.get('/api/pos/events'), 200);
  // projects: a project, an idea with a task list and a task, time spent, a team and its rights, a comment, an intervention
  const project = await ok(h.post('/api/projects/projects', { name: 'Nouvelle vitrine', hourlyRate: 45 }));
  const idea = await ok(h.post('/api/projects/items', { name: 'Vitrine de Noël', fk: { project: project._id } }));
  await ok(h.post(`/api/projects/items/${idea._id}/task-lists`, { name: 'Produits', tasks: [{ name: 'Bûches' }] }));
  const team = await ok(h.post('/api/projects/teams', { name: 'Boutique', fk: { users: [k.admin.userId] } }));
  const setting = await ok(h.post('/api/projects/user-settings', { order: 0, canSubmitIdeas: true, fk: { project: project._id, team: team._id } }));
  const spent = await ok(h.post('/api/projects/working-times', { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z', comment: 'Pose', fk: { project: project._id } }));
  const comment = await ok(h.post('/api/projects/comments', { description: 'À voir demain', fk: { item: idea._id } }));
  const intervention = await ok(h.post('/api/projects/interventions', { title: 'Pose des guirlandes', fk: { customer: customer._id } }));
  // the bank: an account with a classified operation, a group, a contract, a rule, an import
  const bankAccount = await ok(h.post('/api/banking/accounts', { name: 'Compte courant' }));
  const bankCategory = await ok(h.post('/api/banking/categories', { name: 'Charges' }));
  const bankSub = await ok(h.post('/api/banking/categories', { name: 'Électricité', parent: bankCategory._id }));
  const bankGroup = await ok(h.post('/api/banking/groups', { name: 'Salon' }));
  const bankContract = await ok(h.post('/api/banking/contracts', { name: 'Assurance' }));
  const bankOperation = await ok(h.post('/api/banking/operations', {
    dateOperation: '2026-05-02T12:00:00.000Z', label: 'PRLV EDF', amount: -42.5, fk: { account: bankAccount._id, category: bankCategory._id, subCategory: bankSub._id },
  }));
  // a transfer of what remains of the emitted invoice, and the suggestion matching them
  const remains = (await ok(h.get(`/api/invoicing/invoices/${emitted._id}`), 200)).unpaidAmount;
  const bankMatch = await ok(h.post('/api/banking/operations', { dateOperation: now.toISOString(), label: `VIR ${emitted.numberFull}`, amount: remains, fk: { account: bankAccount._id } }));
  await ok(h.post('/api/banking/suggestions/refresh', { operations: [bankMatch._id] }), 200);
  const bankSuggestion = (await ok(h.get('/api/banking/suggestions'), 200)).data[0];
  const bankRule = await ok(h.post('/api/banking/rules', { name: 'EDF', detection: { label: { mode: 'contains', value: 'edf' } }, actions: { location: 'Lyon' } }));
  const form = new FormData();
  for (const [name, value] of [['accountId', JSON.stringify(bankAccount._id)], ['fileCount', '1'], ['name[]', 'releve.csv'], ['mime[]', 'text/csv'], ['size[]', '44'], ['lastModified[]', '0']]) form.append(name, value);
  form.append('files[]', new Blob(['Date;Libellé;Montant\n02/05/2026;VIR DUPONT;100,00\n']), 'releve.csv');
  const bankImport = await ok(fetch(new URL('/api/banking/imports', k.url), { method: 'POST', body: form, headers: { Authorization: `Bearer ${h.token}`, 'AT-Company': h.company! } })
    .then(async (r) => ({ status: r.status, body: await r.json() }) as TestResponse));
  // a website with its menu, item, layout, stored block, preview, variant, article and page-type records
  const website = await ok(h.post('/api/websites/websites', { name: 'Vitrine', domain: 'vitrine-temoin.fr' }));
  const siteMenu = await ok(h.post('/api/websites/menus', { name: 'Principal', main: true, fk: { website: website._id } }));
  const siteLayout = await ok(h.post('/api/websites/layouts', { name: 'Accueil', contents: [] }));
  const siteItem = await ok(h.post('/api/websites/menu-items', { name: 'Accueil', alias: '/', fk: { menu: siteMenu._id, layout: siteLayout._id } }));
  const siteBlock = await ok(h.post('/api/websites/blocks', { type: 'hero', name: 'Bannière' }));
  const sitePreview = await ok(h.post('/api/websites/block-previews', { block: { type: 'hero' } }));
  const siteVariant = await ok(h.post('/api/websites/variants', { name: 'Bleu', templateIdentifier: 'classique' }));
  const siteArticle = await ok(h.post('/api/websites/articles', { title: 'Article témoin' }));
  const pageTypeLayout = await ok(h.post('/api/websites/page-type-layouts', { pageType: 'article', fk: { website: website._id, layout: siteLayout._id } }));
  const pageTypeSettings = await ok(h.post('/api/websites/page-type-settings', { name: 'Articles', pageTypeId: 'article', fk: { website: website._id } }));
  const siteTemplates = await ok(h.get('/api/websites/templates'), 200);
  // room booking: a kind of booker, a room on its own hours, a booking (the public routes name the room)
  const booker = await ok(h.post('/api/booking/bookers', { name: 'Adulte' }));
  const room = await ok(h.post('/api/booking/rooms', {
    name: 'Salle témoin', useEstablishmentHours: false,
    regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 18, minutes: 0 } }] }],
  }));
  const roomBooking = await ok(h.post('/api/booking/bookings', { name: 'Témoin', startDate: '2026-05-05T08:00:00.000Z', slots: 1, quantity: [{ booker: booker._id, quantity: 1 }], fk: { room: room._id } }));
  // surveys: a survey with one question and an answer
  const survey = await ok(h.post('/api/surveys/surveys', { name: 'Avis témoin', json: { pages: [{ elements: [{ type: 'rating', name: 'note' }] }] } }));
  const surveyResult = await ok(h.post('/api/surveys/results', { data: { note: 4 }, fk: { survey: survey._id } }));
  // a process queue (start, then a waiting node) and a run paused on it
  const queue = await ok(h.post('/api/process-queues/queues', {
    name: 'File témoin', typeIdentifier: 'general',
    plugins: [{ uuid: 'a', pluginIdentifier: 'process-queues.start', exits: { main: 'b' } }, { uuid: 'b', pluginIdentifier: 'process-queues.wait', exits: { main: null } }],
  }));
  const queueRun = await ok(h.post(`/api/process-queues/queues/${queue._id}/runs`, { key: 'témoin' }), 200);
  // pbx: its configuration records, a call (a context without a queue: made and hung up) and its events, an operator's choice
  const pbxServer = await ok(h.post('/api/pbx/servers', { name: 'Asterisk', host: '127.0.0.1' }));
  const pbxRecords = {
    'pbx:servers': pbxServer._id,
    'pbx:users': (await ok(h.post('/api/pbx/users', { username: 'accueil', number: '101', fk: { server: pbxServer._id } })))._id,
    'pbx:number-lists': (await ok(h.post('/api/pbx/number-lists', { name: 'Bloqués', numbers: ['0699999999'] })))._id,
    'pbx:times-of-year': (await ok(h.post('/api/pbx/times-of-year', { name: 'Noël', start: { month: 12, day: 24 }, end: { month: 12, day: 26 } })))._id,
    'pbx:playlists': (await ok(h.post('/api/pbx/playlists', { name: 'Attente', items: [{ audioFile: 'attente/valse' }] })))._id,
    'pbx:contexts': (await ok(h.post('/api/pbx/contexts', { name: 'atmos-incoming', file: 'extensions' })))._id,
    'pbx:dial-plans': (await ok(h.post('/api/pbx/dial-plans', { name: 'interne', extens: [{ number: '100', action: 'Dial(PJSIP/accueil,20)' }] })))._id,
    'pbx:sip-numbers': (await ok(h.post('/api/pbx/sip-numbers', { number: '+33140000000', password: 'secret', domain: 'sip.operateur.test' })))._id,
    'pbx:scrappers': (await ok(h.post('/api/pbx/scrappers', { name: 'Relais', lanHost: '192.168.1.20' })))._id,
  };
  await ok(h.post('/api/pbx/incoming', { context: 'atmos-incoming', caller: '0612345678', callid: '1764500000.1' }), 200);
  const pbxCall = (await ok(h.get('/api/pbx/calls'), 200)).data[0];
  const pbxEvent = (await ok(h.get('/api/pbx/call-events'), 200)).data[0];
  const pbxChoice = await ok(h.post('/api/pbx/pre-pickup-choices', { requestId: '1764500000.1', action: 'wait' }));
  Object.assign(own, pbxRecords, { 'pbx:calls': pbxCall._id, 'pbx:call-events': pbxEvent._id, 'pbx:pre-pickup-choices': pbxChoice._id });
  Object.assign(own, {
    'surveys:surveys': survey._id, 'surveys:public': survey._id, 'surveys:results': surveyResult._id,
    'banking:accounts': bankAccount._id, 'banking:operations': bankOperation._id, 'banking:categories': bankSub._id,
    'banking:groups': bankGroup._id, 'banking:contracts': bankContract._id, 'banking:rules': bankRule._id, 'banking:imports': bankImport._id,
    'banking:suggestions': bankSuggestion._id,
    receipts: receipt._id,
    'purchases:payments': purchasePayments.data[0]._id,
    'cash-registers': register._id, verifications: opening.verification._id, 'cash-movements': movement.movement._id,
    'pos:events': posEvents.data[0]._id, 'print-servers': printServer._id,
    'x-tickets': xTicket._id, 'z-tickets': closing.zTicket._id, archives: archive._id,
    'projects:projects': project._id, 'projects:items': idea._id, teams: team._id, 'user-settings': setting._id,
    'working-times': spent._id, 'projects:comments': comment._id, interventions: intervention._id,
    websites: website._id, menus: siteMenu._id, 'menu-items': siteItem._id, layouts: siteLayout._id, blocks: siteBlock._id,
    'block-previews': sitePreview._id, variants: siteVariant._id, articles: siteArticle._id, templates: siteTemplates[0]._id,
    'page-type-layouts': pageTypeLayout._id, 'page-type-settings': pageTypeSettings._id,
    'booking:rooms': room._id, 'booking:bookers': booker._id, 'booking:bookings': roomBooking._id, 'booking:public': room._id,
    'process-queues:queues': queue._id, 'process-queues:runs': queueRun.run._id,
    'invoice-templates': template._id, 'invoice-template-runs': templateRun._id,
    purchases: purchase._id, 'external-purchases': order._id,
    customers: customer._id, providers: provider._id, contacts: contact._id, items: item._id,
    invoices: draft._id, quotations: quotation._id, payments: payments.data[0]._id,
    // actions that only make sense on an emitted invoice
    'invoices/payments': emitted._id, 'invoices/credit': emitted._id, 'invoices/corrective': emitted._id,
    emitted: emitted._id, emittedLine: emitted.items[0].uuid, company: k.admin.companyId,
  });
  return own;
}

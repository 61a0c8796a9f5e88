/**
 * X and Z tickets printed (README « Printing »): the ESC/POS bytes go through the print server of
 * tools/ to a REAL TCP listener standing in for the printer — the totals, the payment modes, the
 * VAT per rate, the Z's difference and grand totals, accents and € in Windows-1252, the cut —; the
 * preview is the same text, line for line; a second print is « DUPLICATA n° 1 »; every print is
 * logged; without a printer, 409 and nothing logged.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, ClosingTicket } from '../schemas/index.ts';
import { startPrintServer, type RunningPrintServer } from '../../../tools/src/print-server/server.ts';
import { fakePrinter } from '../../../tools/test/fake-printer.ts';
import { API, bootKernel, cash, createRegister, ok, rowCounts } from './support.ts';
import { openRegister, sell } from './receipts-support.ts';

const SECRET = 'secret-de-la-boutique';
/** Windows-1252: latin1, plus € (0x80), ’ (0x92) and — (0x97) */
const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\u0080').replace(/’/g, '\u0092').replace(/—/g, '\u0097'), 'latin1');
const has = (bytes: Buffer, text: string) => bytes.indexOf(cp1252(text)) >= 0;

describe('pos : impression et aperçu des tickets X et Z', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let server: RunningPrintServer;
  let register: CashRegister;
  let x: ClosingTicket;
  let z: ClosingTicket;

  before(async () => {
    k = await bootKernel();
    printer = await fakePrinter();
    server = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: printer.port } });
    const printServer = await ok(k.http.post(`${API}/print-servers`, { name: 'Imprimante du comptoir', ip: '127.0.0.1', port: server.port, secret: SECRET, secured: false }), 201);
    register = await openRegister(k, cash([5, 2], [1, 5], [0.5, 2], [0.2, 5], [0.1, 5]), { name: 'Comptoir', posPrinterId: printServer._id });
    await sell(k.http, {
      cashRegisterId: register._id,
      items: [{ labelPrimary: 'Crème brûlée', quantity: 2, inclTaxesPrice: 3.2, vat: 5.5 }, { labelPrimary: 'Café', inclTaxesPrice: 1.8, vat: 10 }],
      payments: [{ mode: 'cash', amount: 5, cash: cash([10, 1]) }, { mode: 'cb', amount: 3.2 }],
    });
    const card = await sell(k.http, { cashRegisterId: register._id, items: [{ labelPrimary: 'Tarte', inclTaxesPrice: 12, vat: 5.5 }], payments: [{ mode: 'cb', amount: 12 }] });
    await ok(k.http.post(`${API}/receipts/${card._id}/refund`, { payments: [{ mode: 'cb', amount: 12 }] }), 201);
    x = await ok<ClosingTicket>(k.http.post(`${API}/cash-registers/${register._id}/x-ticket`, { userName: 'Hélène' }), 201);
    // drawer: 17,50 + 5 in cash = 22,50 expected; 21,50 counted
    z = (await ok<{ zTicket: ClosingTicket }>(k.http.post(`${API}/cash-registers/${register._id}/z-ticket`, { cash: cash([5, 3], [1, 6], [0.5, 1]) }))).zTicket;
  });
  after(async () => { await server?.close(); await printer?.close(); await k?.stop(); });

  it('imprime un ticket X : totaux, modes de paiement, TVA par taux, remboursements, coupe', async () => {
    const printed = await ok(k.http.post(`${API}/x-tickets/${x._id}/print`, {}));
    const bytes = (await printer.received()).at(-1)!;
    expect(printed).to.deep.equal({ printed: true, bytes: bytes.length, duplicate: 0 });
    expect([...bytes.subarray(0, 2)]).to.deep.equal([0x1b, 0x40]);
    for (const text of ['TICKET X — LECTURE', `Ticket X n° ${x.numberFull} — caisse ${register.numberFull}`, 'Opérateur : Hélène', 'ORIGINAL',
      'Ventes (2 tickets)', '20,20 €', 'Remboursements (1 ticket)', '-12,00 €', 'Net TTC', '8,20 €',
      'Carte bancaire (2)', '15,20 €', 'Espèces (1)', '5,00 €', 'Remboursés (1)', 'TVA par taux', '5,5 % — 3 articles', '10 % — 1 article']) {
      expect(has(bytes, text), text).to.equal(true);
    }
    expect(has(bytes, 'Écart de caisse'), 'an X has no difference').to.equal(false);
    // partial cut at the end
    expect(bytes.subarray(-8).indexOf(Buffer.from([0x1d, 0x56, 0x01]))).to.be.at.least(0);
  });

  it('imprime le ticket Z avec son écart et ses grands totaux ; le second est un duplicata ; chaque impression est journalisée', async () => {
    await ok(k.http.post(`${API}/z-tickets/${z._id}/print`, {}));
    const bytes = (await printer.received()).at(-1)!;
    for (const text of ['TICKET Z — CLÔTURE', `Ticket Z n° ${z.numberFull}`, 'Écart de caisse', '-1,00 €', 'Grand total de la caisse', 'entreprise', 'Perpétuel TTC', '32,20 €', `signature ${z.hash!.slice(0, 8)}`]) {
      expect(has(bytes, text), text).to.equal(true);
    }
    const again = await ok(k.http.post(`${API}/z-tickets/${z._id}/print`, {}));
    expect(again.duplicate).to.equal(1);
    expect(has((await printer.received()).at(-1)!, 'DUPLICATA n° 1')).to.equal(true);
    const logged = (await ok(k.http.get(`${API}/events`, { query: { filters: { code: { mode: 'eq', value: 'ticket.printed' }, 'fk.object': { mode: 'eq', value: z._id } } } }))).data;
    // both printed within the same millisecond may list in either order: compared as a set
    const prints = logged.map((e: { data: { kind: string; duplicate: number } }) => [e.data.kind, e.data.duplicate]) as [string, number][];
    expect(prints.sort((a, b) => a[1] - b[1])).to.deep.equal([['z', 0], ['z', 1]]);
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it('l’aperçu est le texte imprimé, ligne pour ligne, à la largeur de l’imprimante', async () => {
    const preview = await ok(k.http.get(`${API}/z-tickets/${z._id}/preview`));
    expect(preview).to.include({ columns: 42, duplicate: 2, printer: 'Imprimante du comptoir' });
    expect(preview.lines).to.include('DUPLICATA n° 2'.padStart(21 + 7));
    expect(preview.lines.find((l: string) => l.startsWith('Écart de caisse'))).to.equal(`Écart de caisse${' '.repeat(42 - 15 - 7)}-1,00 €`);
    for (const l of preview.lines) expect(l.length, l).to.be.at.most(42);
    await ok(k.http.post(`${API}/z-tickets/${z._id}/print`, {}));
    const bytes = (await printer.received()).at(-1)!;
    // every line of the preview is in the bytes (the title is printed double size, the same text; the printer draws its own rules)
    for (const l of preview.lines.filter((s: string) => s.trim() && !/^-+$/.test(s))) expect(has(bytes, l.trim()), l).to.equal(true);
  });

  it('sans imprimante : 409 et rien de journalisé ; ticket inconnu : 404 ; identifiant mal formé : 400', async () => {
    const bare = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${bare._id}/open`, { cash: cash([10, 1]) }));
    const other = await ok<ClosingTicket>(k.http.post(`${API}/cash-registers/${bare._id}/x-ticket`, {}), 201);
    const before = await rowCounts(k);
    const res = await k.http.post(`${API}/x-tickets/${other._id}/print`, {});
    expect(res.status).to.equal(409);
    expect(res.body.message).to.equal('Aucun serveur d’impression n’est choisi pour cette caisse (« posPrinterId »).');
    expect((await ok(k.http.get(`${API}/x-tickets/${other._id}/preview`))).printer).to.equal(null);
    expect((await k.http.post(`${API}/z-tickets/0123456789abcdef01234567/print`, {})).status).to.equal(404);
    expect((await k.http.get(`${API}/x-tickets/pas-un-id/preview`)).status).to.equal(400);
    expect((await k.http.post(`${API}/z-tickets/${z._id}/print`, { copies: 2 })).status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
  });
});

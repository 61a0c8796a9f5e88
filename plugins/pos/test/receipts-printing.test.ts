/**
 * A receipt printed and sent (README « Printing »): the ESC/POS ticket goes through the print server
 * of tools/ to a REAL TCP listener standing in for the printer — logo, lines, VAT per rate,
 * payments, change, the legal mentions, accents and € in Windows-1252, the cut —; a second print is
 * « DUPLICATA n° 1 » and logs `receipt.reprinted`; the PDF goes by e-mail to a real SMTP server.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, Receipt } from '../schemas/index.ts';
import { startPrintServer, type RunningPrintServer } from '../../../tools/src/print-server/server.ts';
import { fakePrinter } from '../../../tools/test/fake-printer.ts';
import { senderOf, upload } from '../../../test/support/upload.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.ts';
import { pdfText } from '../../../test/support/pdf.ts';
import { SEND_NO_SMTP } from '../server/messages.ts';
import { API, bootKernel, cash, ok } from './support.ts';
import { ELIGIBLE_COMPANY, openRegister, sell, updateCompany } from './receipts-support.ts';

const SECRET = 'secret-de-la-boutique';
/** Windows-1252: latin1, plus € (0x80) and — (0x97) */
const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\u0080').replace(/—/g, '\u0097'), 'latin1');
const has = (bytes: Buffer, text: string | number[]) => bytes.indexOf(typeof text === 'string' ? cp1252(text) : Buffer.from(text)) >= 0;

describe('pos : impression et envoi des tickets', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let server: RunningPrintServer;
  let smtp: SmtpSink;
  let register: CashRegister;
  let receipt: Receipt;

  before(async () => {
    k = await bootKernel();
    smtp = await startSmtpSink();
    printer = await fakePrinter();
    server = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: printer.port } });
    await updateCompany(k, ELIGIBLE_COMPANY);
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    expect((await upload(senderOf(k), [{ name: 'logo.png', type: 'image/png', data: png }], {}, '/api/kernel/company/logo')).status).to.be.lessThan(300);
    const printServer = await ok(k.http.post(`${API}/print-servers`, { name: 'Imprimante du comptoir', ip: '127.0.0.1', port: server.port, secret: SECRET, secured: false }), 201);
    register = await openRegister(k, cash([5, 2], [1, 5], [0.5, 2], [0.2, 5], [0.1, 5]), { name: 'Comptoir', posPrinterId: printServer._id });
    receipt = await sell(k.http, {
      cashRegisterId: register._id, userName: 'Hélène',
      items: [{ labelPrimary: 'Crème brûlée', quantity: 2, inclTaxesPrice: 3.2, vat: 5.5 }, { labelPrimary: 'Café', inclTaxesPrice: 1.8, vat: 10 }],
      payments: [{ mode: 'cash', amount: 5, cash: cash([10, 1]) }, { mode: 'cb', amount: 3.2 }],
    });
  });
  after(async () => { await server?.close(); await printer?.close(); await smtp?.close(); await k?.stop(); });

  const events = async (code: string) => (await ok(k.http.get(`${API}/events`, { query: { filters: { code: { mode: 'eq', value: code }, 'fk.object': { mode: 'eq', value: receipt._id } } } }))).data as { data: Record<string, unknown>; label: string }[];

  it('imprime l’original : logo, lignes, TVA par taux, paiements, monnaie rendue, mentions légales, coupe', async () => {
    const printed = await ok(k.http.post(`${API}/receipts/${receipt._id}/print`, {}));
    const [bytes] = await printer.received();
    expect(printed).to.deep.equal({ printed: true, bytes: bytes.length, duplicate: 0 });
    expect([...bytes.subarray(0, 2)]).to.deep.equal([0x1b, 0x40]);
    expect(has(bytes, [0x1b, 0x74, 0x10])).to.equal(true);
    // the logo's bitmap (a black logo: 0xFF bytes)
    expect(has(bytes, [0x1b, 0x2a]) || has(bytes, [0x1d, 0x76, 0x30])).to.equal(true);
    for (const text of [
      // the name in double width (21 columns): wrapped
      'Boulangerie Martin', '12 rue de la Paix', '75002 Paris', 'SIRET 12345678200010', 'TVA FR11123456782',
      'TICKET DE CAISSE', `Ticket n° ${receipt.numberFull}`, `caisse ${register.numberFull}`, 'Vendeur : Hélène', 'ORIGINAL',
      'Crème brûlée', '2 × 3,20 €  TVA 5,5 %', '6,40 €', 'TOTAL TTC', '8,20 €', 'TVA 5,5 % sur 6,07 € HT', 'TVA 10 % sur 1,64 € HT',
      'Espèces', 'Espèces remises', '10,00 €', 'Monnaie rendue', 'Carte bancaire', '2 lignes — signature', receipt.hash!.slice(0, 8), 'Comptoir Caisse 0.1.0',
    ]) expect(has(bytes, text), text).to.equal(true);
    expect(has(bytes, [0xc3, 0xa9])).to.equal(false);
    expect(has(bytes, 'DUPLICATA')).to.equal(false);
    expect(has(bytes.subarray(-8), [0x1d, 0x56, 0x01])).to.equal(true);
    expect((await events('ticket.printed')).length).to.equal(1);
    expect(await events('receipt.reprinted')).to.deep.equal([]);
  });

  it('réimprime en « DUPLICATA n° 1 » et le journalise (receipt.reprinted) ; la chaîne du journal reste intègre', async () => {
    const jobs = printer.jobs.length;
    const printed = await ok(k.http.post(`${API}/receipts/${receipt._id}/print`, {}));
    expect(printed.duplicate).to.equal(1);
    const bytes = (await printer.received())[jobs];
    expect(has(bytes, 'DUPLICATA n° 1')).to.equal(true);
    expect(has(bytes, 'ORIGINAL')).to.equal(false);
    const [reprint] = await events('receipt.reprinted');
    expect(reprint.label).to.equal(`Réimpression du ticket n° ${receipt.numberFull} : duplicata n° 1`);
    expect(reprint.data).to.include({ channel: 'printer', duplicate: 1 });
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it('un remboursement dit quel ticket il modifie ; une réimpression de l’original dit par quel ticket', async () => {
    const refund = await ok<Receipt>(k.http.post(`${API}/receipts/${receipt._id}/refund`, { lines: [{ uuid: receipt.items[1].uuid, quantity: 1 }], payments: [{ mode: 'cb', amount: 1.8 }] }), 201);
    const jobs = printer.jobs.length;
    await ok(k.http.post(`${API}/receipts/${refund._id}/print`, {}));
    await ok(k.http.post(`${API}/receipts/${receipt._id}/print`, {}));
    const [refundBytes, originalBytes] = (await printer.received()).slice(jobs);
    expect(has(refundBytes, 'TICKET DE REMBOURSEMENT')).to.equal(true);
    expect(has(refundBytes, `Ce ticket modifie le ticket n° ${receipt.numberFull}`)).to.equal(true);
    expect(has(refundBytes, 'Remboursé : Carte bancaire')).to.equal(true);
    // 46 characters: wrapped on a 42-column line
    expect(has(originalBytes, 'Ce ticket est modifié par le ticket n°')).to.equal(true);
    expect(has(originalBytes, refund.numberFull!)).to.equal(true);
    expect(has(originalBytes, 'DUPLICATA n° 2')).to.equal(true);
  });

  it('envoie le ticket en PDF par e-mail (serveur SMTP réel), journalisé ; 409 sans serveur d’envoi, 400 sur une adresse invalide', async () => {
    const noSmtp = await k.http.post(`${API}/receipts/${receipt._id}/send`, { to: 'client@exemple.fr' });
    expect(noSmtp.status).to.equal(409);
    expect(noSmtp.body.message).to.equal(SEND_NO_SMTP);
    expect((await k.http.post(`${API}/receipts/${receipt._id}/send`, { to: 'pas une adresse' })).status).to.equal(400);
    expect((await ok(k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: smtp.port, secure: false })))).to.be.an('object');
    const sent = await ok(k.http.post(`${API}/receipts/${receipt._id}/send`, { to: 'client@exemple.fr' }));
    expect(sent).to.deep.equal({ sent: true, to: 'client@exemple.fr', duplicate: 3 });
    await k.kernel.mailer.drain();
    const [mail] = smtp.take();
    expect(mail.to).to.deep.equal(['client@exemple.fr']);
    expect(mail.mail.subject).to.equal(`Ticket de caisse ${receipt.numberFull} — Boulangerie Martin SARL`);
    expect(mail.mail.text).to.match(/votre ticket de caisse n° 0000001 d’un montant de 8,20 €/);
    const [pdf] = mail.mail.attachments;
    expect(pdf).to.include({ filename: `ticket-${receipt.numberFull}.pdf`, contentType: 'application/pdf' });
    const { text } = await pdfText(pdf.content);
    for (const t of ['Boulangerie Martin SARL', 'TICKET DE CAISSE', 'DUPLICATA n° 3', 'Crème brûlée', 'TOTAL TTC', '8,20 €', 'Monnaie rendue']) expect(text, t).to.contain(t);
    const [emailed] = (await events('receipt.reprinted')).filter((e) => e.data.channel === 'email');
    expect(emailed.label).to.equal(`Envoi par e-mail du ticket n° ${receipt.numberFull} : duplicata n° 3`);
  });
});

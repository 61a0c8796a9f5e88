/**
 * Printing a verification end to end (README « Printing »): the kernel builds the ESC/POS bytes,
 * sends them to the print server of tools/, which forwards them to a REAL TCP listener standing in
 * for the printer; the bytes received are checked: initialise, code page, accents and € as single
 * bytes of Windows-1252, the logo's bitmap when the company has one, the cut.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import type { TestKernel } from '@comptoir/sdk/testing';
import { startPrintServer, type RunningPrintServer } from '../../../tools/src/print-server/server.ts';
import { fakePrinter } from '../../../tools/test/fake-printer.ts';
import { senderOf, upload } from '../../../test/support/upload.ts';
import { NO_PRINTER } from '../server/services/printing/printing.ts';
import { API, bootKernel, cash, createRegister, ok } from './support.ts';

const SECRET = 'secret-de-la-boutique';
const has = (bytes: Buffer, ...seq: number[]) => bytes.indexOf(Buffer.from(seq)) >= 0;
const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\u0080'), 'latin1');

describe('pos : impression ESC/POS', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let server: RunningPrintServer;
  let printServerId: string;

  before(async () => {
    k = await bootKernel();
    printer = await fakePrinter();
    server = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: printer.port } });
    const created = await ok(k.http.post(`${API}/print-servers`, { name: 'Imprimante du comptoir', ip: '127.0.0.1', port: server.port, secret: SECRET, secured: false }), 201);
    printServerId = created._id;
  });
  after(async () => { await server?.close(); await printer?.close(); await k?.stop(); });

  it('ne montre jamais le secret du serveur d’impression ; port 9998 et HTTPS par défaut', async () => {
    const stored = await ok(k.http.get(`${API}/print-servers/${printServerId}`));
    expect(stored).to.not.have.property('secret');
    const defaults = await ok(k.http.post(`${API}/print-servers`, { name: 'Cuisine', ip: '192.168.1.20', secret: 'un-autre-secret' }), 201);
    expect(defaults).to.include({ port: 9998, secured: true });
    expect((await k.http.post(`${API}/print-servers`, { name: 'Sans secret', ip: '192.168.1.21' })).status).to.equal(400);
    expect((await k.http.post(`${API}/print-servers`, { name: 'Port', ip: '192.168.1.21', secret: 'xxxxxxxxxx', port: 70000 })).status).to.equal(400);
  });

  it('imprime une ouverture de caisse : les octets reçus par l’imprimante', async () => {
    const r = await createRegister(k, { name: 'Café', posPrinterId: printServerId });
    const { verification } = await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([20, 1], [0.5, 3]), comment: 'Fond de caisse reçu de Hélène' }));
    const printed = await ok(k.http.post(`${API}/verifications/${verification._id}/print`, {}));
    const [bytes] = await printer.received();
    expect(printed).to.deep.equal({ printed: true, bytes: bytes.length });
    expect([...bytes.subarray(0, 2)]).to.deep.equal([0x1b, 0x40]);
    // ESC t 16: Windows-1252 on Epson (ESCPOS.md)
    expect(has(bytes, 0x1b, 0x74, 0x10)).to.equal(true);
    expect(has(bytes, ...cp1252('OUVERTURE DE CAISSE'))).to.equal(true);
    expect(has(bytes, ...cp1252('Hélène'))).to.equal(true);
    expect(has(bytes, ...cp1252('21,50 €'))).to.equal(true);
    expect(has(bytes, ...cp1252('Écart'))).to.equal(true);
    // no UTF-8 in the bytes: é is 0xE9 alone, never 0xC3 0xA9
    expect(has(bytes, 0xc3, 0xa9)).to.equal(false);
    // no logo without one: no bitmap command
    expect(has(bytes, 0x1b, 0x2a) || has(bytes, 0x1d, 0x76, 0x30)).to.equal(false);
    // partial cut at the end
    expect(has(bytes.subarray(-8), 0x1d, 0x56, 0x01)).to.equal(true);
    const events = await ok(k.http.get(`${API}/events`, { query: { filters: { code: { mode: 'eq', value: 'ticket.printed' } } } }));
    expect(events.count).to.equal(1);
  });

  it('imprime le logo de l’entreprise en image matricielle', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    expect((await upload(senderOf(k), [{ name: 'logo.png', type: 'image/png', data: png }], {}, '/api/kernel/company/logo')).status).to.be.lessThan(300);
    const r = await createRegister(k, { name: 'Logo', posPrinterId: printServerId });
    const { verification } = await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    const before = printer.jobs.length;
    await ok(k.http.post(`${API}/verifications/${verification._id}/print`, {}));
    const bytes = (await printer.received())[before];
    expect(has(bytes, 0x1b, 0x2a) || has(bytes, 0x1d, 0x76, 0x30)).to.equal(true);
    // a black logo: its bitmap bytes are 0xFF
    expect(has(bytes, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)).to.equal(true);
  });

  it('sans imprimante, ou secret refusé : 409 en français, rien de journalisé', async () => {
    const none = await createRegister(k, { name: 'Sans imprimante' });
    const { verification } = await ok(k.http.post(`${API}/cash-registers/${none._id}/open`, { cash: cash([10, 1]) }));
    const noPrinter = await k.http.post(`${API}/verifications/${verification._id}/print`, {});
    expect(noPrinter.status).to.equal(409);
    expect(noPrinter.body.message).to.equal(NO_PRINTER);
    const wrong = await ok(k.http.post(`${API}/print-servers`, { name: 'Mauvais secret', ip: '127.0.0.1', port: server.port, secret: 'pas-le-bon-secret', secured: false }), 201);
    await ok(k.http.put(`${API}/cash-registers/${none._id}`, { posPrinterId: wrong._id }));
    const jobs = printer.jobs.length;
    const logged = (await ok(k.http.get(`${API}/events`))).count;
    const refused = await k.http.post(`${API}/verifications/${verification._id}/print`, {});
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.match(/^Le serveur d’impression a refusé le ticket \(401\) : Secret partagé absent ou incorrect/);
    expect(printer.jobs.length).to.equal(jobs);
    expect((await ok(k.http.get(`${API}/events`))).count).to.equal(logged);
  });
});

/**
 * Documents of « Facturation » in Debian's Chromium (issue 6, « Done means »), on the demo company:
 *
 * 1. an emitted invoice of the demo (« Hôtel du Parc ») is opened from the list; its e-invoice is
 *    shown frozen at its emission, with the SHA-256 of its files;
 * 2. « Aperçu PDF » fetches the server's PDF (200, application/pdf) and shows it in a modal, on a
 *    blob URL whose bytes are a PDF;
 * 3. « Factur-X » saves the invoice's Factur-X: a PDF whose embedded factur-x.xml is the invoice;
 * 4. « Envoyer par e-mail » sends it to a typed address through the company's mail server — a real
 *    smtp-server sink started here, set as the demo company's SMTP settings — which receives the
 *    French mail with both attachments, the Factur-X PDF and its XML;
 * 5. the invoice's « Historique » shows « E-mail envoyé à … » once the delivery is recorded.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/invoicing-documents.test.ts
 */
import fs from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { associatedFile } from '../../plugins/invoicing/test/support/facturx-pdf.ts';
import { readCii } from '../../plugins/invoicing/test/support/cii-read.ts';
import { demoSession } from './support/demo-session.ts';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

const RECIPIENT = 'compta@hotel-du-parc.example';

describe('invoicing in Chromium: PDF preview, sending by e-mail, history', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'documents' });
  let page: Page;
  let smtp: SmtpSink;
  let numberFull: string;

  before(async () => {
    page = s.page;
    smtp = await startSmtpSink();
    // the demo company's mail server is the sink (set through the API: the screen is the kernel's, tested elsewhere)
    const login = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_LOGIN),
    }).then((r) => r.json()) as { token: string; company: { _id: string } };
    const res = await fetch(`${s.url}/api/kernel/smtp-settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.token}`, 'AT-Company': login.company._id },
      body: JSON.stringify({ host: '127.0.0.1', port: smtp.port, secure: false }),
    });
    expect(res.status, await res.text()).to.equal(200);
  });
  after(async () => { await smtp?.close(); });

  it('opens an emitted invoice of the demo from the list', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    const row = list.getByTestId('invoicing-invoice-row').filter({ hasText: 'Hôtel du Parc' }).filter({ hasText: 'Payée' }).first();
    await row.waitFor();
    const link = row.getByRole('link').first();
    numberFull = (await link.innerText()).trim();
    expect(numberFull).to.match(/\d/);
    await link.click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 1 }).innerText()).to.equal(`Facture ${numberFull}`);
    // paid, and its e-invoice frozen at its emission with the SHA-256 of its files (invoicing README « Factur-X »)
    const einvoice = view.getByTestId('invoicing-einvoice');
    await einvoice.getByText(/^Factur-X figée le /).waitFor();
    expect(await einvoice.getByText('Empreinte SHA-256 du PDF').innerText()).to.match(/[0-9a-f]{64}$/);
  });

  it('previews its PDF: the server answers 200 application/pdf, the modal shows it', async () => {
    const view = page.getByTestId('invoicing-invoice-view');
    const [response] = await Promise.all([
      page.waitForResponse((r) => /\/api\/invoicing\/invoices\/[0-9a-f]{24}\/pdf$/.test(new URL(r.url()).pathname)),
      view.getByRole('button', { name: 'Aperçu PDF' }).click(),
    ]);
    expect(response.status()).to.equal(200);
    expect(response.headers()['content-type']).to.equal('application/pdf');
    expect(response.headers()['content-disposition']).to.contain(`filename="Facture-${numberFull}.pdf"`);
    const text = (await new PDFParse({ data: new Uint8Array(await response.body()) }).getText()).text.replace(/\s+/g, ' ');
    expect(text).to.contain(`Numéro : ${numberFull}`);
    expect(text).to.contain('Hôtel du Parc');

    const preview = page.getByTestId('invoicing-pdf-preview');
    const frame = preview.locator('iframe');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).to.match(/^blob:/);
    const head = await page.evaluate(async (url) => new TextDecoder().decode((await (await fetch(url)).arrayBuffer()).slice(0, 5)), src!);
    expect(head).to.equal('%PDF-');
    expect(await preview.getByRole('link', { name: 'Télécharger' }).getAttribute('download')).to.equal(`Facture-${numberFull}.pdf`);
    await s.shot('1-apercu');
    await page.getByRole('dialog', { name: 'Aperçu PDF' }).getByRole('button').first().click();
    await preview.waitFor({ state: 'detached' });
  });

  it('saves its Factur-X: a PDF named like the invoice, with the invoice’s CII XML embedded', async () => {
    const view = page.getByTestId('invoicing-invoice-view');
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => /\/api\/invoicing\/invoices\/[0-9a-f]{24}\/facturx$/.test(new URL(r.url()).pathname)),
      view.getByRole('button', { name: 'Factur-X' }).click(),
    ]);
    expect(response.status()).to.equal(200);
    expect(download.suggestedFilename()).to.equal(`Facture-${numberFull}.pdf`);
    const embedded = await associatedFile(fs.readFileSync(await download.path()));
    expect(embedded.name).to.equal('factur-x.xml');
    expect(readCii(embedded.bytes.toString('utf8'))).to.deep.include({ number: numberFull, typeCode: '380' });
  });

  it('sends it by e-mail: the mail server receives the French mail with the Factur-X PDF and XML attached', async () => {
    const view = page.getByTestId('invoicing-invoice-view');
    await view.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    const dialog = page.getByTestId('invoicing-send-dialog');
    const recipients = dialog.getByLabel('Destinataires');
    await recipients.fill(RECIPIENT);
    await recipients.press('Enter');
    await dialog.getByLabel('Message (facultatif)').fill('Bonne réception.');
    await s.shot('2-envoi');
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.getByText(`E-mail mis en file d’envoi à ${RECIPIENT}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const end = Date.now() + 20_000;
    while (smtp.received.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const [received] = smtp.take();
    expect(received, 'mail delivered to the sink').to.not.equal(undefined);
    expect(received.to).to.deep.equal([RECIPIENT]);
    expect(received.mail.subject).to.equal(`Facture ${numberFull} — Boulangerie Martin SARL`);
    expect(received.mail.text).to.contain('Bonne réception.');
    expect(received.mail.text).to.contain('Cette facture est entièrement réglée : merci.');
    expect(received.mail.attachments.map((a) => a.filename)).to.deep.equal([`Facture-${numberFull}.pdf`, `Facture-${numberFull}-factur-x.xml`]);
    const [pdf, xml] = received.mail.attachments;
    expect(pdf.content.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect((await associatedFile(pdf.content)).bytes.equals(xml.content)).to.equal(true);
  });

  it('shows the emailSent activity in the invoice’s « Historique »', async () => {
    const history = page.getByTestId('invoicing-history');
    await history.getByText(`E-mail envoyé à ${RECIPIENT} : Facture ${numberFull} — Boulangerie Martin SARL`).waitFor({ timeout: 20_000 });
    await history.getByTestId('invoicing-history-row').filter({ hasText: 'E-mail' }).first().waitFor();
    await s.shot('3-historique');
  });
});

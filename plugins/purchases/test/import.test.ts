/**
 * Import of received e-invoices: every shared sample (CII XML) and a Factur-X PDF made from one,
 * preview then creation, concrete values for the EN 16931 invoice and the credit note, provider
 * matching, duplicates, and files that are not invoices refused with nothing stored.
 */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { Purchase, PurchaseImportAnswer } from '../schemas/index.ts';
import { senderOf, upload, fetchBytes } from '../../../test/support/upload.ts';
import { facturxPdf, pdfWith } from './facturx-pdf.ts';
import {
  API, bootKernel, createProvider, memberWith, ok, requireSamples, sample, sampleFiles, secondCompany, tableCounts,
} from './support.ts';

const IMPORT = `${API}/purchases/import`;
const body = (name: string, data: Buffer, more: Record<string, unknown> = {}) => ({ name, content: data.toString('base64'), ...more });
const preview = (http: TestHttp, name: string, data: Buffer, more: Record<string, unknown> = {}) =>
  ok<PurchaseImportAnswer>(http.post(IMPORT, body(name, data, more), { query: { dryRun: '1' } }));
const create = (http: TestHttp, name: string, data: Buffer, more: Record<string, unknown> = {}) =>
  ok<PurchaseImportAnswer>(http.post(IMPORT, body(name, data, more)), 201);

describe('purchases : import de factures reçues (Factur-X, CII)', function () {
  this.timeout(120000);
  let k: TestKernel;
  before(async function () {
    requireSamples(this);
    k = await bootKernel();
  });
  after(async () => { await k?.stop(); });

  it('lit chaque échantillon : aperçu sans rien écrire, puis création, totaux justes', async () => {
    const files = sampleFiles();
    expect(files).to.have.length.greaterThan(9);
    for (const file of files) {
      // each in a company of its own: several samples are the same invoice of the same seller
      const http = await secondCompany(k, `Import ${file}`);
      const before = await tableCounts(k);
      const seen = await preview(http, file, sample(file));
      expect(await tableCounts(k), file).to.deep.equal(before);
      expect(seen.dryRun).to.equal(true);
      expect(seen.purchase).to.equal(null);
      expect(seen.report.format).to.equal('XML (CII)');
      expect(seen.report.read.length, file).to.be.greaterThan(2);
      expect(seen.report.inconsistencies, `${file} : ${seen.report.inconsistencies.join(' | ')}`).to.deep.equal([]);
      expect(seen.report.provider.action).to.equal('create');

      const made = await create(http, file, sample(file));
      const purchase = made.purchase!;
      expect(purchase.numberFull, file).to.equal('0000001');
      expect(purchase.invoiceNumber).to.equal(seen.draft.invoiceNumber);
      expect(made.report.provider.action).to.equal('created');
      expect(purchase.fk.provider).to.equal(made.report.provider.providerId);
      expect(purchase.status).to.equal('emitted');
      expect(purchase.unpaidAmount).to.equal(purchase.inclTaxesPrice);
      expect(purchase.extradata).to.deep.include({ import: { format: 'XML (CII)', profile: seen.report.profile, file } });
      const stored = await ok<Purchase>(http.get(`${API}/purchases/${purchase._id}`));
      expect(stored.inclTaxesPrice).to.equal(purchase.inclTaxesPrice);
    }
  });

  it('EN 16931 : fournisseur, numéro, dates, lignes, remises du document, TVA et totaux', async () => {
    const http = await secondCompany(k, 'Boulangerie EN16931');
    const { report, purchase } = await create(http, 'facture.xml', sample('akretion-factur-x-en16931.xml'));
    expect(report).to.include({ profile: 'EN 16931', documentType: 'Facture', creditNote: false });
    expect(report.missing).to.deep.equal([]);
    expect(report.read).to.include('Facture n° F20260023 du 31/01/2026 (profil EN 16931).');
    expect(report.read).to.include('Fournisseur : LE FOURNISSEUR — SIREN 123456782, TVA FR11123456782.');
    expect(report.read).to.include('Échéance : 02/03/2026 (PAIEMENT 30 JOURS NET).');
    const p = purchase!;
    expect(p).to.include({
      invoiceNumber: 'F20260023', date: '2026-01-31T12:00:00.000Z', dueDate: '2026-03-02T12:00:00.000Z', commandOrder: 'PO201925478',
      exclTaxesPrice: 100, vatAmount: 4.9, inclTaxesPrice: 104.9, vatCalculationMethod: 'rounded-lines', subjectToVAT: true,
      vatRecoveryPercent: 100, recoverableVatAmount: 4.9, providerName: 'LE FOURNISSEUR',
    });
    expect(p.vatDetails).to.deep.equal([
      { vat: 0, totalExclTaxes: 62, totalInclTaxes: 62, amount: 0 },
      { vat: 10, totalExclTaxes: 27, totalInclTaxes: 29.7, amount: 2.7 },
      { vat: 20, totalExclTaxes: 11, totalInclTaxes: 13.2, amount: 2.2 },
    ]);
    expect(p.items).to.have.length(11);
    expect(p.items[0]).to.include({ labelPrimary: 'PRESTATION SUPPORT', labelSecondary: 'Description', reference: 'ART_1254', quantity: 1, exclTaxesPrice: 60, vat: 0 });
    expect(p.items.slice(3).map((i) => [i.labelPrimary, i.exclTaxesPrice, i.vat])).to.deep.include.members([
      ['Remise : REMISE COMMERCIALE', -5, 20], ['Frais : FRAIS DEPLACEMENT', 10, 20], ['Frais : FRAIS DEPLACEMENT', 2, 0],
    ]);
    expect(p.sender).to.deep.include({ name: 'LE FOURNISSEUR', siren: '123456782', vatNumber: 'FR11123456782' });
    expect(p.comment).to.equal('Se rapporte à la facture n° F20260003 du 01/01/2026.');
    expect(p.freeData).to.match(/^FOURNISSEUR F SARL au capital de 50 000 EUR\n/);
    const provider = (await http.get(`/api/contacts/providers/${p.fk.provider}`)).body;
    expect(provider).to.include({ company: 'LE FOURNISSEUR', vatNumber: 'FR11123456782' });
    expect(provider.extradata).to.deep.equal({ siren: '123456782' });
  });

  it('avoir (type 381) : un achat négatif, lignes en quantités négatives', async () => {
    const http = await secondCompany(k, 'Boulangerie Avoir');
    const { report, purchase } = await create(http, 'avoir.xml', sample('fnfe-Avoir_FR_type381_EN16931.xml'));
    expect(report).to.include({ documentType: 'Avoir', creditNote: true, profile: 'EN 16931' });
    expect(report.read).to.include('Avoir : ses montants sont repris en négatif (ils diminuent vos achats).');
    const p = purchase!;
    expect(p).to.include({
      invoiceNumber: 'AV-2017-0005', exclTaxesPrice: -218.48, vatAmount: -14.99, inclTaxesPrice: -233.47,
      status: 'emitted', paidAmount: 0, unpaidAmount: -233.47, recoverableVatAmount: -14.99, commandOrder: 'PO445',
    });
    expect(p.items.map((i) => [i.labelPrimary, i.quantity, i.exclTaxesPrice, i.vat])).to.deep.equal([
      ['Nougat de l\'Abbaye 250g', -5, 4.096, 20], ['Huile d\'olive à l\'ancienne', -10, 19.8, 5.5],
    ]);
    expect(p.comment).to.equal('Avoir sur la facture n° FA-2017-0010 du 13/11/2017.');
    expect(p.sender).to.deep.include({ siret: '99999999800010', siren: '999999998' });
    expect(p.sender?.address).to.include({ city: 'Malaucène', country: 'France' });
    // the provider refunds it: the credit-note rule (sdk/src/commerce/README.md « Statuses »)
    const refunded = await ok<Purchase>(http.post(`${API}/purchases/${p._id}/payments`, { amount: -233.47, mode: 'transfer' }));
    expect(refunded).to.include({ status: 'paid', paidAmount: -233.47, unpaidAmount: 0 });
  });

  it('lit la facture XML jointe à un PDF Factur-X, et garde le PDF déposé comme pièce jointe', async () => {
    const http = await secondCompany(k, 'Boulangerie PDF');
    const pdf = await facturxPdf(sample('zugferd-corpus-EN16931_Einfach.cii.xml'));
    const seen = await preview(http, 'facture.pdf', pdf);
    expect(seen.report.format).to.equal('Factur-X (PDF, factur-x.xml)');
    expect(seen.draft.invoiceNumber).to.equal('471102');
    const uploaded = await upload(senderOf(k, k.admin.token, http.company), [{ name: 'facture.pdf', type: 'application/pdf', data: pdf }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(201);
    const attachment = uploaded.body.attachments[0];
    const { purchase } = await create(http, 'facture.pdf', pdf, { attachments: [attachment] });
    expect(purchase!.inclTaxesPrice).to.equal(529.87);
    expect(purchase!.attachments).to.deep.equal([attachment]);
    const served = await fetchBytes(k, `/attachment/${attachment.folder}/${attachment.subfolder}/${attachment.filename}/original`);
    expect(served.status).to.equal(200);
    expect(served.data.equals(pdf)).to.equal(true);
    // an attachment of another company's folder is not this purchase's to keep
    const refused = await http.post(IMPORT, body('facture.pdf', pdf, { attachments: [{ ...attachment, folder: k.admin.companyId }] }));
    expect(refused.status).to.equal(400);
    expect(refused.body.details[0].field).to.equal('attachments.0.folder');
  });

  it('retrouve le fournisseur existant par TVA, par SIREN ou par nom ; refuse d’importer deux fois la même facture', async () => {
    const http = await secondCompany(k, 'Boulangerie Fournisseurs');
    const byVat = await createProvider(http, { company: 'Le Fournisseur SAS', vatNumber: 'fr 11 123 456 782' });
    const bySiren = await createProvider(http, { company: 'Moulin (ancien nom)', vatNumber: 'FR00 999999998' });
    const byName = await createProvider(http, { company: 'TEST COMPANY' });
    const cases: [string, string, string][] = [
      ['akretion-factur-x-en16931.xml', byVat._id, 'vatNumber'],
      ['fnfe-Avoir_FR_type381_BASIC.xml', bySiren._id, 'siren'],
      ['mustang-testout-ZF2PushCreditNote.xml', byName._id, 'name'],
    ];
    for (const [file, id, by] of cases) {
      const seen = await preview(http, file, sample(file));
      expect(seen.report.provider, file).to.deep.include({ action: 'matched', by, providerId: id });
      expect(seen.draft.fk).to.deep.equal({ provider: id });
    }
    const providersBefore = (await http.get('/api/contacts/providers')).body.count;
    await create(http, 'f.xml', sample('akretion-factur-x-en16931.xml'));
    expect((await http.get('/api/contacts/providers')).body.count).to.equal(providersBefore);
    // the same invoice of the same provider again (another profile of it): told in the preview, refused on creation
    const again = await preview(http, 'f.xml', sample('akretion-factur-x-basic.xml'));
    expect(again.report.inconsistencies.join(' ')).to.match(/F20260023 de ce fournisseur est déjà enregistrée \(achat 0000001\)/);
    const before = await tableCounts(k);
    const refused = await http.post(IMPORT, body('f.xml', sample('akretion-factur-x-basic.xml')));
    expect(refused.status).to.equal(409);
    expect(await tableCounts(k)).to.deep.equal(before);
    // a provider chosen in the preview replaces the match
    const chosen = await preview(http, 'f.xml', sample('akretion-factur-x-minimum.xml'), { fk: { provider: byName._id } });
    expect(chosen.report.provider).to.deep.include({ action: 'chosen', providerId: byName._id });
  });

  it('dit ce qui manque : profil MINIMUM (une ligne au taux déduit), BASIC WL (une ligne par taux)', async () => {
    const http = await secondCompany(k, 'Boulangerie Profils');
    const minimum = await preview(http, 'min.xml', sample('akretion-factur-x-minimum.xml'));
    expect(minimum.report.missing.join(' ')).to.match(/Aucune ligne détaillée ni détail de TVA \(profil MINIMUM\) : une seule ligne/);
    expect(minimum.report.missing).to.include('Pas de date d’échéance.');
    expect(minimum.draft.items).to.have.length(1);
    expect(minimum.draft.items![0]).to.include({ exclTaxesPrice: 100, vat: 4.9 });
    const basicwl = await preview(http, 'wl.xml', sample('akretion-factur-x-basicwl.xml'));
    expect(basicwl.report.missing).to.include('Aucune ligne détaillée (profil BASIC WL) : une ligne par taux de TVA a été créée.');
    expect(basicwl.draft.items!.map((i) => [i.exclTaxesPrice, i.vat])).to.deep.equal([[11, 20], [60, 0], [27, 10], [2, 0]]);
  });

  it('signale une facture qui ne s’additionne pas', async () => {
    const http = await secondCompany(k, 'Boulangerie Incohérente');
    const xml = sample('zugferd-corpus-EN16931_Einfach.cii.xml').toString('utf8').replace('<ram:GrandTotalAmount>529.87<', '<ram:GrandTotalAmount>529.97<');
    const seen = await preview(http, 'faux.xml', Buffer.from(xml));
    // Intl writes a no-break space before €
    const said = seen.report.inconsistencies.map((s) => s.replace(/\u00a0/g, ' '));
    expect(said).to.include.members([
      'Les montants de la facture ne s’additionnent pas : le total TTC annonce 529,97 €, or le total HT et la TVA font 529,87 €.',
      'Les montants de la facture ne s’additionnent pas : le montant à payer annonce 529,87 €, or le total TTC, les acomptes et l’arrondi font 529,97 €.',
      'Total TTC : la facture indique 529,97 €, l’achat calcule 529,87 €.',
    ]);
  });

  it('crée l’achat sans fiche fournisseur pour qui ne peut pas gérer les fournisseurs', async () => {
    const member = await memberWith(k, ['purchases.purchases.manage', 'purchases.purchases.read']);
    const { report, purchase } = await create(member, 'f.xml', sample('zugferd-corpus-EN16931_Rechnungskorrektur.cii.xml'));
    expect(report.provider.action).to.equal('none');
    expect(report.missing.join(' ')).to.match(/vous n’avez pas le droit d’en créer/);
    expect(purchase!.fk.provider).to.equal(null);
    expect(purchase!.provider).to.include({ company: 'MUSTERLIEFERANT GMBH' });
    expect(purchase!.inclTaxesPrice).to.equal(-8.79);
    const reader = await memberWith(k, ['purchases.purchases.read']);
    expect((await reader.post(IMPORT, body('f.xml', sample('akretion-factur-x-en16931.xml')), { query: { dryRun: '1' } })).status).to.equal(403);
  });

  it('refuse ce qui n’est pas une facture, avec un message clair, sans rien enregistrer', async () => {
    const en16931 = sample('akretion-factur-x-en16931.xml');
    const cases: [string, Buffer | string, RegExp][] = [
      ['sans-xml.pdf', await pdfWith([]), /ne contient aucune facture électronique/],
      ['autre.pdf', await pdfWith([{ name: 'notes.txt', data: 'bonjour', mime: 'text/plain' }]), /pas de fichier factur-x.xml \(fichiers joints : « notes.txt »\)/],
      ['coupe.pdf', (await facturxPdf(en16931)).subarray(0, 400), /PDF est illisible|aucune facture électronique/],
      ['casse.xml', en16931.toString('utf8').slice(0, 3000), /XML est mal formé \(ligne \d+/],
      ['page.html', '<!DOCTYPE html><html><head><title>Facture</title></head><body>Votre facture</body></html>', /page HTML/],
      ['page2.html', '<html><body><p>Facture</p></body></html>', /page HTML/],
      ['ubl.xml', '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>', /facture UBL/],
      ['autre.xml', '<?xml version="1.0"?><commande><id>1</id></commande>', /n’est pas une facture CII : son élément racine est « commande »/],
      ['bombe.xml', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><CrossIndustryInvoice>&lol;</CrossIndustryInvoice>', /DTD/],
      ['image.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), /ni un PDF ni un fichier XML/],
      ['texte.txt', 'Bonjour, voici la facture.', /ni un PDF ni un fichier XML/],
      ['latin.xml', Buffer.concat([Buffer.from('<?xml version="1.0" encoding="utf-8"?><a>'), Buffer.from([0xe9, 0xff]), Buffer.from('</a>')]), /pas du texte UTF-8 valide/],
    ];
    const before = await tableCounts(k);
    for (const [name, data] of cases) {
      for (const dryRun of [true, false]) {
        const res = await k.http.post(IMPORT, body(name, Buffer.from(data)), dryRun ? { query: { dryRun: '1' } } : {});
        expect(res.status, `${name} : ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION');
        expect(res.body.details[0].field, name).to.equal('content');
      }
    }
    for (const [name, data, message] of cases) {
      const res = await k.http.post(IMPORT, body(name, Buffer.from(data)));
      expect(res.body.message, name).to.match(message);
    }
    const notBase64 = await k.http.post(IMPORT, { name: 'x.xml', content: 'ceci n’est pas du base64' });
    expect(notBase64.status).to.equal(400);
    expect(notBase64.body.message).to.match(/base64/);
    expect((await k.http.post(IMPORT, { name: 'x.xml', content: '' })).status).to.equal(400);
    expect(await tableCounts(k)).to.deep.equal(before);
  });
});

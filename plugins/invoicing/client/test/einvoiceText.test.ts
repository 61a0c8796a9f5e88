/** « Facture électronique » d’une facture émise (GET /invoices/:id/einvoice), en français. */
import { expect } from 'chai';
import { einvoiceText } from '../src/invoices/einvoiceText.ts';

const at = (iso: string) => (iso === '2026-12-20T10:00:00.000Z' ? '20/12/2026 11:00' : '?');
const file = (sha256: string) => ({ fileName: 'f', sha256, size: 1 });

describe('facturation (écrans) : facture électronique figée', () => {
  it('dit quand elle a été figée et donne les empreintes de ses fichiers', () => {
    const produced = einvoiceText({
      invoice: 'x', status: 'produced', facturX: true, missing: [], pdf: file('a'.repeat(64)), xml: file('b'.repeat(64)), renderedAt: '2026-12-20T10:00:00.000Z',
    }, at);
    expect(produced.summary).to.equal('Factur-X figée le 20/12/2026 11:00 : les téléchargements et les envois en donnent toujours ces octets. Les paiements suivent à part.');
    expect(produced.files).to.deep.equal([
      { label: 'Empreinte SHA-256 du PDF', sha256: 'a'.repeat(64) }, { label: 'Empreinte SHA-256 du XML', sha256: 'b'.repeat(64) },
    ]);
  });

  it('dit ce qui manquait quand seul le PDF a pu être figé, et « à produire » sinon', () => {
    const plain = einvoiceText({
      invoice: 'x', status: 'produced', facturX: false, missing: [{ field: 'receiver', label: 'l’adresse du client' }], pdf: file('c'.repeat(64)), xml: null, renderedAt: '2026-12-20T10:00:00.000Z',
    }, at);
    expect(plain.summary).to.equal('PDF figé le 20/12/2026 11:00, sans Factur-X : il manque l’adresse du client.');
    expect(plain.files).to.have.length(1);
    expect(einvoiceText({ invoice: 'x', status: 'pending' }, at)).to.deep.equal({
      summary: 'À produire : elle sera figée au premier téléchargement, ou maintenant.', files: [],
    });
  });
});

/**
 * The home dashboard in Chromium, on the demo company (contacts, catalogue, invoicing, purchases):
 *
 * 1. each figure of « À encaisser » and « À payer aux fournisseurs » is a link; the amount shown
 *    equals the total the list it opens shows (« Reste à encaisser », « Reste à payer »), and the
 *    list is filtered (its URL carries the filter);
 * 2. the revenue figure of the year equals the « Total HT » of the invoices list it opens;
 * 3. the chart has its text alternative, and its chunk (chart.js) is not fetched by a page
 *    without a chart.
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/dashboard.test.ts
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';

const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('home dashboard in Chromium', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'catalogue', 'invoicing', 'purchases'], shotPrefix: 'accueil' });

  const home = async () => {
    await s.page.goto(`${s.url}/`);
    await s.page.getByTestId('home-widget').first().waitFor();
  };
  const figure = (widget: string, label: string) => s.page.getByTestId('home-widget').filter({ hasText: widget }).getByTestId('home-figure').filter({ hasText: label }).getByTestId('home-figure-value');

  for (const [widget, label, path, totalLabel, totalsId] of [
    ['À encaisser', 'Reste à encaisser', '/factures', 'Reste à encaisser', 'invoicing-list-totals'],
    ['À payer aux fournisseurs', 'Achats à régler', '/achats', 'Reste à payer', 'purchases-list-totals'],
    ['Chiffre d’affaires', 'à ce jour', '/factures', 'Total HT', 'invoicing-list-totals'],
  ] as const) {
    it(`« ${label} » égale le total « ${totalLabel} » de la liste qu’il ouvre`, async () => {
      await home();
      const link = figure(widget, label);
      const shown = await text(link);
      expect(shown).to.match(/€$/);
      const href = await link.getAttribute('href');
      expect(href).to.match(/\?/);
      // keyboard: the figure is a real link
      await link.focus();
      await s.page.keyboard.press('Enter');
      await s.page.waitForURL((u) => u.pathname === path);
      const totals = s.page.getByTestId(totalsId);
      await totals.waitFor();
      await s.page.waitForFunction(([id, l, v]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\s+/g, ' ').includes(`${l} : ${v}`.replace(/\s+/g, ' ')), [totalsId, totalLabel, shown] as const, { timeout: 10_000 });
      expect(new URL(s.page.url()).search).to.equal(href!.slice(href!.indexOf('?')));
    });
  }

  it('le graphique a son texte de remplacement ; son chunk n’est pas chargé sans graphique', async () => {
    const scripts: string[] = [];
    s.page.on('response', (r) => { if (r.url().endsWith('.js')) scripts.push(r.url()); });
    await home();
    // the sales widget's chart (the treasury widget draws one too)
    const sales = s.page.getByRole('region', { name: 'Chiffre d’affaires' });
    await sales.getByTestId('home-chart').waitFor();
    expect(await sales.getByTestId('home-chart-summary').textContent()).to.match(/^Chiffre d’affaires hors taxes par mois en \d{4}/);
    const onHome = [...scripts];
    // the chunks of the chart: those fetched by the home page only for it
    const chartChunks: string[] = [];
    for (const url of onHome) {
      const body = await (await fetch(url)).text();
      if (body.includes('Canvas is already in use') || body.includes('home-chart-summary')) chartChunks.push(url);
    }
    expect(chartChunks.length).to.equal(2);
    const fresh = await s.page.context().newPage();
    const seen: string[] = [];
    fresh.on('response', (r) => seen.push(r.url()));
    await fresh.goto(`${s.url}/clients`);
    await fresh.getByRole('heading', { name: 'Clients' }).first().waitFor();
    await fresh.close();
    expect(seen.filter((u) => chartChunks.includes(u))).to.deep.equal([]);
  });
});

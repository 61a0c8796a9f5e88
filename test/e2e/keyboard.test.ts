/**
 * Keyboard only (issue 12, item 10; WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7): from the login page to an
 * emitted invoice without the mouse — no click, no `fill`, only keys — on the demo company:
 *
 * 1. the login page passes axe-core; e-mail, Tab, password, Enter signs in;
 * 2. the first Tab reaches « Aller au contenu »; the menu's « Factures » is a few Tabs away and
 *    Enter opens it with the focus on the screen's heading;
 * 3. two Tabs to « Nouvelle facture »; a customer picked by typing and arrows; a line typed, each
 *    text field showing a focus ring;
 * 4. « Émettre », the confirmation dialog (its close « × » named « Fermer »), Enter: the invoice is
 *    emitted, and the focus is in the page, not lost to <body>;
 * 5. the payment dialog opened and closed with Escape gives the focus back to its button.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/keyboard.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';
import { axeViolations, describeFindings } from './support/axe.ts';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';

interface Focused {
  tag: string;
  name: string;
  inMain: boolean;
}

/** The focused element: its tag and the name a person would hear (aria-label, label, text). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', inMain: false };
    const labelled = el.getAttribute('aria-labelledby');
    const byLabel = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = el.getAttribute('aria-label')
      ?? (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null)
      ?? byLabel ?? el.textContent ?? '';
    return { tag: el.tagName, name: name.replace(/\s+/g, ' ').trim(), inMain: el.closest('main') !== null };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; answers how many. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 40 } = {}): Promise<number> {
  const seen: string[] = [];
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (name.test(f.name)) return i;
    seen.push(`${f.tag} « ${f.name.slice(0, 40)} »`);
  }
  throw new Error(`${name} pas atteint en ${max} tabulations : ${seen.join(', ')}`);
}

/** The focus ring of the focused element: its outline, as drawn. */
function outlineOfFocused(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as Element);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
}

describe('keyboard only: from the login page to an emitted invoice', function () {
  this.timeout(300_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'clavier', signIn: false });
  let page: Page;
  /** Tab presses from the signed-in home page to « Nouvelle facture » (27 before the skip link and the focus on new screens) */
  let tabs = 0;
  before(() => { page = s.page; });

  it('signs in with the keyboard on a login page without axe violations', async () => {
    await page.goto(`${s.url}/`);
    await page.getByLabel('Adresse e-mail').waitFor();
    const findings = await axeViolations(page);
    expect(findings, describeFindings('connexion', findings).join('\n')).to.deep.equal([]);
    expect(await page.title()).to.equal('Connexion — Comptoir');
    // the e-mail field has the focus on arrival
    expect((await focused(page)).name).to.match(/Adresse e-mail/);
    await page.keyboard.type(DEMO_LOGIN.email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).to.match(/Mot de passe/);
    await page.keyboard.type(DEMO_LOGIN.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Accueil' }).waitFor();
  });

  it('reaches « Aller au contenu » first, then « Factures » in the menu; the new screen gets the focus', async () => {
    expect(await tabTo(page, /^Aller au contenu$/, { max: 1 })).to.equal(1);
    // down the header and the menu to « Factures »
    tabs = 1 + await tabTo(page, /^Factures$/, { max: 25 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/factures$/);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Factures');
    expect(await page.title()).to.equal('Factures — Comptoir');
  });

  it('opens « Nouvelle facture » and types a customer and a line, with a focus ring on each field', async () => {
    tabs += await tabTo(page, /^Nouvelle facture$/, { max: 4 });
    console.log(`      ${tabs} tabulations de l’accueil à « Nouvelle facture » (27 avant)`);
    expect(tabs).to.be.at.most(15);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/factures\/nouvelle$/);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Nouvelle facture');
    expect(await page.title()).to.equal('Nouvelle facture — Factures — Comptoir');

    await tabTo(page, /^Client/);
    expect(await outlineOfFocused(page)).to.deep.include({ style: 'solid' });
    expect((await outlineOfFocused(page)).width).to.be.at.least(2);
    await page.keyboard.type('Café des Arts');
    await page.getByRole('option', { name: /Café des Arts/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement).value?.startsWith('Café des Arts'));

    await tabTo(page, /^Désignation \(ligne 1\)$/);
    expect(await outlineOfFocused(page)).to.deep.include({ style: 'solid' });
    await page.keyboard.type('Atelier de dégustation');
    await tabTo(page, /^Quantité \(ligne 1\)$/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await tabTo(page, /^Prix unitaire HT \(ligne 1\)$/);
    await page.keyboard.type('49,5');
    await page.keyboard.press('Tab');
    // the amount reads as money once left: « 49,50 € »
    expect(await page.getByLabel('Prix unitaire HT (ligne 1)').inputValue()).to.equal('49,50\u00a0€');
    await page.getByTestId('invoicing-line-total').getByText('99,00').waitFor();
  });

  it('emits it from the confirmation dialog; the focus stays in the page', async () => {
    await tabTo(page, /^Émettre$/, { back: true, max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Émettre la facture' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).waitFor();
    const findings = await axeViolations(page);
    expect(findings, describeFindings('dialogue d’émission', findings).join('\n')).to.deep.equal([]);
    await tabTo(page, /^Émettre$/, { max: 6 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const heading = page.locator('main h1');
    await page.waitForFunction(() => /^Facture /.test(document.querySelector('main h1')?.textContent ?? ''));
    expect(await heading.textContent()).to.match(/^Facture \S+/);
    await page.waitForTimeout(200);
    const f = await focused(page);
    expect(f.tag, 'le focus ne doit pas retomber sur <body>').not.to.equal('BODY');
    expect(f.inMain).to.equal(true);
    await s.shot('facture-emise');
  });

  it('gives the focus back to « Enregistrer un paiement » when its dialog is closed with Escape', async () => {
    await tabTo(page, /^Enregistrer un paiement$/, { max: 20 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(100);
    expect((await focused(page)).name).to.equal('Enregistrer un paiement');
  });

  it('« Aller au contenu » puts the focus on the heading of the screen', async () => {
    // a page opened afresh (the stored session): the first Tab is the skip link
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await tabTo(page, /^Aller au contenu$/, { max: 1 })).to.equal(1);
    await page.keyboard.press('Enter');
    expect(await focused(page)).to.deep.include({ tag: 'H1', inMain: true });
  });
});

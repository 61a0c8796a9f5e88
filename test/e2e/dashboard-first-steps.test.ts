/**
 * The first-run checklist on a new company, in Chromium (issue 12): the demo admin creates a company
 * through the API (as the shell's « Nouvelle entreprise » would), switches to it in the shell, and
 * the home page shows « Premiers pas » with no step done and the steps in French; « Créez votre
 * premier client » opens the customer form, and once a customer is saved the home page checks that
 * step and counts one done.
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/dashboard-first-steps.test.ts
 */
import { expect } from 'chai';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { demoSession } from './support/demo-session.ts';

const NEW_COMPANY = 'Boulangerie des Premiers Pas';
const FIRST_CUSTOMER = 'Créez votre premier client';

describe('home dashboard in Chromium: the first-run checklist of a new company', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'catalogue', 'invoicing', 'purchases'], shotPrefix: 'premiers-pas' });
  let stepsCount = 0;

  const checklist = () => s.page.getByTestId('home-first-steps');
  const progress = () => checklist().getByTestId('home-first-steps-progress');
  const home = async () => {
    await s.page.getByTestId('side-menu').getByRole('link', { name: 'Accueil' }).click();
    await checklist().waitFor();
  };

  it('creates a company through the API and switches to it in the shell', async () => {
    const login = await call(s.url, 'POST', '/auth/login', DEMO_LOGIN);
    const created = await call(s.url, 'POST', '/kernel/companies', { name: NEW_COMPANY }, login.token as string, (login.company as { _id: string })._id);
    expect(created._id).to.match(/^[0-9a-f]{24}$/);
    // the shell reads the user's companies when the page loads
    await s.page.reload();
    await s.page.getByTestId('company-switcher').click();
    await s.page.getByRole('option', { name: NEW_COMPANY }).click();
    await s.page.waitForFunction((name) => (document.querySelector('[data-testid="company-switcher"]') as HTMLInputElement | null)?.value === name, NEW_COMPANY);
  });

  it('shows « Premiers pas » with no step done, each step a French link', async () => {
    await home();
    await checklist().getByRole('heading', { name: 'Premiers pas' }).waitFor();
    const links = checklist().getByRole('listitem');
    stepsCount = await links.count();
    // the platform's two steps (company, e-mails) and one of contacts, catalogue and invoicing at least
    expect(stepsCount).to.be.at.least(5);
    expect((await progress().innerText()).trim()).to.equal(`0 sur ${stepsCount}`);
    expect(await checklist().getByRole('progressbar').getAttribute('aria-label')).to.equal(`Premiers pas : 0 sur ${stepsCount}`);
    const labels = (await checklist().getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(labels).to.have.length(stepsCount);
    expect(labels).to.include.members(['Complétez les informations de l’entreprise', FIRST_CUSTOMER, 'Ajoutez vos produits et services', 'Émettez votre première facture']);
    // the platform's company step comes first (order 10), then the first customer (20)
    expect(labels.slice(0, 2)).to.deep.equal(['Complétez les informations de l’entreprise', FIRST_CUSTOMER]);
    expect(await checklist().getByText('(fait)').count()).to.equal(0);
    await s.shot('1-aucune-etape');
  });

  it('« Créez votre premier client » opens the customer form; once saved, that step is checked: 1 of N', async () => {
    await checklist().getByRole('link', { name: FIRST_CUSTOMER }).click();
    await s.page.waitForURL((u) => u.pathname === '/clients/nouveau');
    const form = s.page.getByTestId('contacts-customers-form');
    await form.getByLabel('Raison sociale').fill('Épicerie du Coin');
    await form.getByLabel('Prénom').fill('Paul');
    await form.getByLabel('Nom', { exact: true }).fill('Martin');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByTestId('contacts-customers-detail').getByRole('heading', { name: /Épicerie du Coin/ }).waitFor();

    await home();
    // the home page asks the server again: the step is done without a reload
    await s.page.waitForFunction(
      (expected) => document.querySelector('[data-testid="home-first-steps-progress"]')?.textContent?.trim() === expected,
      `1 sur ${stepsCount}`, { timeout: 10_000 },
    );
    const done = checklist().getByRole('listitem').filter({ hasText: FIRST_CUSTOMER });
    // a done step is struck through, says « (fait) » to a screen reader, and is no longer a link
    await done.getByText('(fait)').waitFor({ state: 'attached' });
    expect(await done.getByRole('link').count()).to.equal(0);
    expect(await checklist().getByRole('link', { name: FIRST_CUSTOMER }).count()).to.equal(0);
    expect(await checklist().getByRole('link').count()).to.equal(stepsCount - 1);
    expect(await checklist().getByRole('progressbar').getAttribute('aria-label')).to.equal(`Premiers pas : 1 sur ${stepsCount}`);
    // the other steps are still to do (the demo company's customers do not count for this one)
    await checklist().getByRole('link', { name: 'Complétez les informations de l’entreprise' }).waitFor();
    await s.shot('2-premier-client');
  });
});

/** One API call as the demo user, for what the test sets up outside the screens. */
async function call(url: string, method: string, route: string, body: unknown, token?: string, company?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(company ? { 'AT-Company': company } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json() as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).to.be.oneOf([200, 201]);
  return json;
}

/**
 * Invitations end to end in Debian's Chromium (playwright-core), on the demo company:
 *
 * 1. the administrator creates an invitation in « Invitations » (role « Vendeur », 5 uses at most,
 *    each request checked) and copies its link, shown once;
 * 2. a second browser, signed in as nobody, opens the link: the public page shows the company, the
 *    invitation and its role; the person creates an account there and asks to join, and the page
 *    says « En attente de validation »;
 * 3. the administrator's page shows the request's notification live, without a reload; they accept
 *    it under « Demandes »;
 * 4. the invitee's page shows the acceptance as soon as it is known, and enters the shell in the
 *    company, with the role's permission (« Utilisateurs » in the menu); the API agrees.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/invitations.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';
import { SHOTS, launchBrowser } from './support/browser.ts';
import { DEMO_COMPANY, DEMO_LOGIN } from '../../tools/src/demo-company.ts';

const INVITATION = 'Équipe boutique';
const ROLE = 'Vendeur';
const INVITEE = { firstname: 'Inès', name: 'Vité', email: 'ines.vite@exemple.fr', password: 'motdepasse-ines-1' };

describe('invitations in Chromium: invite, join on the public page, decide live', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: [], shotPrefix: 'invitations' });
  let admin: Page;
  let invitee: Page;
  let inviteeContext: BrowserContext | undefined;
  let link = '';
  let roleId = '';

  async function api(method: string, route: string, body?: unknown, token?: string, company?: string) {
    const res = await fetch(`${s.url}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(company ? { 'AT-Company': company } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  before(async () => {
    admin = s.page;
    // the role the invitation grants: kernel.users.read shows « Utilisateurs » to its holders
    const login = await api('POST', '/auth/login', DEMO_LOGIN);
    const role = await api('POST', '/kernel/roles', { name: ROLE, permissions: ['kernel.users.read'] }, login.body.token, login.body.company._id);
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    roleId = role.body._id;
    await api('POST', '/auth/logout', undefined, login.body.token);
  });
  /** the invitee's page, as s.shot does for the administrator's */
  const inviteeShot = (name: string) => invitee.screenshot({ path: path.join(SHOTS, `invitations-invite-${name}.png`), fullPage: true });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && invitee) await inviteeShot('echec').catch(() => undefined);
  });
  after(async () => { await inviteeContext?.close(); });

  it('the administrator creates an invitation and gets its link, shown once', async () => {
    await admin.reload();
    await admin.getByTestId('side-menu').getByRole('link', { name: 'Invitations' }).click();
    await admin.getByRole('heading', { name: 'Invitations' }).waitFor();
    await admin.getByRole('button', { name: 'Nouvelle invitation' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nouvelle invitation' });
    await dialog.getByLabel('Nom de l’invitation').fill(INVITATION);
    await pick(admin, dialog.getByLabel('Rôles donnés'), ROLE);
    await admin.keyboard.press('Escape');
    await dialog.getByLabel('Nombre maximal d’utilisations').fill('5');
    await expectChecked(dialog.getByRole('switch', { name: 'Valider chaque demande' }), true);
    await dialog.getByRole('button', { name: 'Créer l’invitation' }).click();

    const shown = admin.getByRole('dialog', { name: `Lien de l’invitation « ${INVITATION} »` });
    link = (await shown.getByTestId('invitation-link').innerText()).trim();
    expect(link).to.match(new RegExp(`^${s.url}/invitation/[A-Za-z0-9_-]{43}$`));
    await shown.getByRole('button', { name: 'Copier le lien' }).waitFor();
    await s.shot('1-lien');
    await shown.getByRole('button', { name: 'Terminé' }).click();

    const row = admin.getByTestId('invitation-row').filter({ hasText: INVITATION });
    await row.getByText('0 / 5').waitFor();
    await row.getByText(ROLE).waitFor();
    await row.getByText('Manuelle').waitFor();
    // the link is not shown again anywhere
    expect(await admin.content()).to.not.include(link.split('/').pop()!);
    // « Nouveau lien » would cancel the link already sent: it asks first, and cancelling keeps it
    await row.getByRole('button', { name: 'Nouveau lien' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Nouveau lien' });
    await confirm.getByText(`Le lien actuel de l’invitation « ${INVITATION} » n’ouvrira plus rien`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });

  it('a visitor opens the link, creates an account on the public page and waits for validation', async () => {
    inviteeContext = await launchBrowser(s.db.dataDir);
    invitee = await inviteeContext.newPage();
    invitee.on('pageerror', (e) => console.log(`      [invité] ${e.message}`));
    await invitee.goto(link);
    await expectText(invitee.getByTestId('invitation-company'), DEMO_COMPANY.name);
    await expectText(invitee.getByTestId('invitation-name'), INVITATION);
    await invitee.getByLabel('Rôles proposés').getByText(ROLE).waitFor();

    const form = invitee.getByRole('tabpanel', { name: 'Créer un compte' });
    await form.getByLabel('Prénom').fill(INVITEE.firstname);
    await form.getByLabel('Nom', { exact: true }).fill(INVITEE.name);
    await form.getByLabel('Adresse e-mail').fill(INVITEE.email);
    await form.getByRole('textbox', { name: 'Mot de passe' }).fill(INVITEE.password);
    await form.getByLabel('Message pour l’entreprise').fill('Je commence lundi à la boutique.');
    await form.getByRole('button', { name: 'Créer mon compte et envoyer ma demande' }).click();
    await invitee.getByTestId('invitation-pending').getByText('En attente de validation').waitFor();
    await inviteeShot('2-en-attente');
  });

  it('the administrator sees the request live and accepts it', async () => {
    // no reload: the live channel brings the notification
    const toast = admin.getByTestId('live-toast').filter({ hasText: 'Nouvelle demande d’accès' });
    await toast.waitFor();
    await toast.getByText(`${INVITEE.firstname} ${INVITEE.name} (${INVITEE.email})`, { exact: false }).waitFor();
    await expectText(admin.getByTestId('pending-requests'), '1');
    await s.shot('3-notification');
    await admin.getByRole('tab', { name: /Demandes/ }).click();
    const row = admin.getByTestId('request-row').filter({ hasText: INVITEE.email });
    await row.getByText('Je commence lundi à la boutique.').waitFor();
    await row.getByText(INVITATION).waitFor();
    await row.getByRole('button', { name: 'Accepter' }).click();
    await admin.getByText(`${INVITEE.firstname} ${INVITEE.name} fait maintenant partie de l’entreprise.`).waitFor();
    await expectHidden(admin.getByTestId('request-row').filter({ hasText: INVITEE.email }));
  });

  it('the invitee sees the acceptance at once and enters the company with the role', async () => {
    const notice = invitee.getByTestId('invitation-decision').filter({ hasText: 'Demande acceptée' });
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByText(`Bienvenue chez ${DEMO_COMPANY.name}`, { exact: false }).waitFor();
    await inviteeShot('4-acceptee');
    await invitee.getByRole('button', { name: `Accéder à ${DEMO_COMPANY.name}` }).click();
    await invitee.getByTestId('side-menu').getByRole('link', { name: 'Utilisateurs' }).waitFor();
    expect(new URL(invitee.url()).pathname).to.equal('/');
    // the API agrees: a member of the demo company holding the invitation's role
    const token = await invitee.evaluate(() => localStorage.getItem('comptoir.token'));
    const me = await api('GET', '/auth/me', undefined, token!);
    expect(me.body.company.name).to.equal(DEMO_COMPANY.name);
    expect(me.body.user.roles).to.deep.equal([roleId]);
    expect(me.body.permissions).to.deep.equal(['kernel.users.read']);
    // and the administrator's count went up
    await admin.getByRole('tab', { name: /Invitations/ }).click();
    await admin.getByTestId('invitation-row').filter({ hasText: INVITATION }).getByText('1 / 5').waitFor();
  });
});

async function expectText(locator: ReturnType<Page['getByTestId']>, text: string) {
  await locator.waitFor();
  expect((await locator.innerText()).trim()).to.equal(text);
}

async function expectChecked(locator: ReturnType<Page['getByRole']>, checked: boolean) {
  expect(await locator.isChecked()).to.equal(checked);
}

async function expectHidden(locator: ReturnType<Page['getByTestId']>) {
  await locator.waitFor({ state: 'detached' });
}

/**
 * Accessibility (issue 12, item 10: WCAG 2.1 AA / RGAA 4.1) in Debian's Chromium: axe-core
 * (@axe-core/playwright, every rule) on every screen of the shell and of the four plugins — lists,
 * forms, details, tabs, and the dialogs the kit draws — in the light theme, then again in the dark
 * one: 0 critical and 0 serious violations. Beside axe, what it cannot see: each sub-page has its
 * own document title, the skip link leads to the content, the account button is named by what it
 * shows, the bell's name is on the button.
 *
 * One signed-in session for the whole file (the demo company, the four remotes); screens are
 * reached by in-app navigation, so the file costs one sign-in and no page reload.
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/accessibility.test.ts
 * (A11Y_TIMES=1 prints the time axe takes on each screen.)
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';
import { axeViolations, describeFindings } from './support/axe.ts';
import { contrastRatio, toHex } from '../../sdk/src/ui/contrast.ts';

interface Screen {
  /** what the report calls it */
  name: string;
  /** the address, or a function answering it (an id looked up through the API) */
  path: string | ((page: Page) => Promise<string>);
  /** the document title expected (« … — Comptoir ») */
  title?: string;
  /** after the screen shows: open a tab, a dialog… */
  then?: (page: Page) => Promise<void>;
  /** what axe does not measure, as problems (empty: fine) */
  check?: (page: Page) => Promise<string[]>;
}

/**
 * WCAG 1.4.11: the edge of a text field at 3:1 against the field and the page around it (axe
 * measures text only). Mantine's grey 4 border was 1.5:1.
 */
async function inputBorders(page: Page): Promise<string[]> {
  // plain loops in the page: a helper function there would be wrapped by tsx (« __name is not defined »)
  const found = await page.evaluate(() => {
    const input = document.querySelector('main .mantine-Input-input');
    if (!input) return null;
    const backgrounds: string[] = [];
    for (const start of [input, input.closest('.mantine-Input-wrapper')?.parentElement ?? null]) {
      let bg = 'rgb(255, 255, 255)';
      for (let e: Element | null = start; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c)) { bg = c; break; }
      }
      backgrounds.push(bg);
    }
    return { border: getComputedStyle(input).borderTopColor, field: backgrounds[0], page: backgrounds[1] };
  });
  if (!found) return ['aucun champ de saisie trouvé'];
  const hex = (rgb: string) => toHex((rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number]);
  const problems: string[] = [];
  for (const [what, bg] of [['le champ', found.field], ['la page', found.page]] as const) {
    const r = contrastRatio(hex(found.border), hex(bg));
    if (r < 3) problems.push(`bordure des champs ${found.border} sur ${what} ${bg} : ${r.toFixed(2)}:1, 3:1 attendu`);
  }
  return problems;
}

/** GET of the API with the session of the page: the first record of a list, or null. */
async function firstId(page: Page, path: string, filters?: object): Promise<string> {
  const id = await page.evaluate(async ({ path, filters }) => {
    const q = new URLSearchParams({ pagination: JSON.stringify({ quantity: 1, page: 1 }) });
    if (filters) q.set('filters', JSON.stringify(filters));
    const r = await fetch(`/api${path}?${q}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('comptoir.token')}`, 'AT-Company': localStorage.getItem('comptoir.company') ?? '' },
    });
    const body = await r.json() as { data?: { _id: string }[] };
    return body.data?.[0]?._id ?? null;
  }, { path, filters });
  if (!id) throw new Error(`aucun enregistrement dans ${path} : les données de démonstration ont changé`);
  return id;
}

const tab = (name: string) => async (page: Page) => { await page.getByRole('tab', { name }).click(); };
const dialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').waitFor();
};

/** « Enregistrer » on a new customer with an invalid e-mail: the error state of a form. */
async function invalidEmail(page: Page): Promise<void> {
  const form = page.locator('main form');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('pas-une-adresse');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await page.locator('main [aria-invalid="true"]').first().waitFor();
}

const SCREENS: Screen[] = [
  { name: 'accueil', path: '/', title: 'Accueil' },
  { name: 'cloche ouverte', path: '/', then: async (p) => { await p.getByTestId('notification-bell').click(); await p.getByTestId('notification-list').waitFor(); } },
  { name: 'menu du compte', path: '/', then: async (p) => { await p.getByRole('button', { name: 'Camille Martin' }).click(); await p.getByRole('menu').waitFor(); } },
  { name: 'fichiers', path: '/fichiers', title: 'Fichiers' },
  { name: 'entreprise', path: '/entreprise', title: 'Entreprise' },
  { name: 'entreprise, logo et mentions', path: '/entreprise', then: tab('Logo et mentions') },
  { name: 'entreprise, numérotation', path: '/entreprise', then: tab('Numérotation') },
  { name: 'entreprise, e-mails', path: '/entreprise', then: tab('Envoi des e-mails') },
  { name: 'établissements', path: '/etablissements', title: 'Établissements' },
  { name: 'nouvel établissement', path: '/etablissements/nouveau', title: 'Nouvel établissement — Établissements' },
  { name: 'utilisateurs', path: '/utilisateurs', title: 'Utilisateurs' },
  { name: 'nouveau membre (dialogue)', path: '/utilisateurs', then: dialog('Ajouter un membre') },
  { name: 'invitations', path: '/invitations', title: 'Invitations' },
  { name: 'rôles', path: '/roles', title: 'Rôles' },
  { name: 'nouveau rôle (dialogue)', path: '/roles', then: dialog('Nouveau rôle') },
  { name: 'groupes', path: '/groupes', title: 'Groupes' },
  { name: 'propriétés', path: '/proprietes', title: 'Propriétés personnalisées' },
  { name: 'sessions', path: '/sessions', title: 'Mes sessions' },
  { name: 'préférences', path: '/preferences', title: 'Préférences' },
  { name: 'notifications', path: '/notifications', title: 'Notifications' },
  { name: 'page inconnue', path: '/nulle-part' },
  { name: 'clients', path: '/clients', title: 'Clients' },
  { name: 'nouveau client', path: '/clients/nouveau', title: 'Nouveau client — Clients', check: inputBorders },
  { name: 'erreur de saisie', path: '/clients/nouveau', then: invalidEmail },
  { name: 'fiche client', path: async (p) => `/clients/${await firstId(p, '/contacts/customers')}` },
  { name: 'client, modification', path: async (p) => `/clients/${await firstId(p, '/contacts/customers')}/modifier` },
  { name: 'fournisseurs', path: '/fournisseurs', title: 'Fournisseurs' },
  { name: 'contacts', path: '/contacts', title: 'Contacts' },
  { name: 'nouveau contact', path: '/contacts/nouveau', title: 'Nouveau contact — Contacts' },
  { name: 'import de contacts', path: '/contacts/importer' },
  { name: 'fiche contact', path: async (p) => `/contacts/${await firstId(p, '/contacts/contacts')}` },
  { name: 'catalogue', path: '/catalogue', title: 'Catalogue' },
  { name: 'nouvel article', path: '/catalogue/nouveau', title: 'Nouvel article — Catalogue' },
  { name: 'article', path: async (p) => `/catalogue/${await firstId(p, '/catalogue/items')}` },
  { name: 'confirmation (dialogue)', path: async (p) => `/catalogue/${await firstId(p, '/catalogue/items')}`, then: dialog('Supprimer') },
  { name: 'factures', path: '/factures', title: 'Factures' },
  { name: 'nouvelle facture', path: '/factures/nouvelle', title: 'Nouvelle facture — Factures' },
  { name: 'nouvel avoir', path: '/factures/nouvel-avoir', title: 'Nouvel avoir — Factures' },
  { name: 'facture émise', path: async (p) => `/factures/${await firstId(p, '/invoicing/invoices', { numberFull: { mode: 'exists', value: true } })}` },
  { name: 'envoi par e-mail (dialogue)', path: async (p) => `/factures/${await firstId(p, '/invoicing/invoices', { numberFull: { mode: 'exists', value: true } })}`, then: dialog('Envoyer par e-mail') },
  { name: 'paiement (dialogue)', path: async (p) => `/factures/${await firstId(p, '/invoicing/invoices', { numberFull: { mode: 'exists', value: true }, inclTaxesPrice: { mode: 'gt', value: 0 } })}`, then: dialog('Enregistrer un paiement') },
  { name: 'devis', path: '/devis', title: 'Devis' },
  { name: 'nouveau devis', path: '/devis/nouveau', title: 'Nouveau devis — Devis' },
  { name: 'un devis', path: async (p) => `/devis/${await firstId(p, '/invoicing/quotations')}` },
  { name: 'paiements', path: '/paiements', title: 'Paiements' },
  { name: 'factures récurrentes', path: '/factures-recurrentes', title: 'Factures récurrentes' },
  { name: 'factures récurrentes, historique', path: '/factures-recurrentes', then: tab('Historique') },
  { name: 'nouveau modèle', path: '/factures-recurrentes/nouveau' },
  { name: 'comptabilité', path: '/comptabilite', title: 'Comptabilité' },
  { name: 'plan comptable', path: '/comptabilite/plan-comptable', title: 'Plan comptable — Comptabilité' },
  { name: 'achats', path: '/achats', title: 'Achats' },
  { name: 'nouvel achat', path: '/achats/nouvel-achat', title: 'Nouvel achat — Achats' },
  { name: 'un achat', path: async (p) => `/achats/${await firstId(p, '/purchases/purchases')}` },
  { name: 'import d’achats', path: '/achats/importer' },
  { name: 'achats en ligne', path: '/achats-en-ligne', title: 'Achats en ligne' },
  { name: 'nouvel achat en ligne', path: '/achats-en-ligne/nouvel-achat' },
  { name: 'un achat en ligne', path: async (p) => `/achats-en-ligne/${await firstId(p, '/purchases/external-purchases')}` },
];

/**
 * In-app navigation (no reload), then waits for the new screen: a heading that was not there
 * before (the previous screen's are marked first), no « Chargement… » left, transitions over.
 */
async function open(page: Page, path: string): Promise<void> {
  const here = await page.evaluate(() => window.location.pathname);
  if (here !== path) {
    await page.evaluate((p) => {
      document.querySelectorAll('main h1').forEach((h) => h.setAttribute('data-left', h.textContent ?? ''));
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  const main = page.locator('main');
  // a new heading, or the same element given another text (a route that keeps its component)
  await page.waitForFunction(() => [...document.querySelectorAll('main h1')].some((h) => h.getAttribute('data-left') !== h.textContent), null, { timeout: 10_000 });
  await main.getByText(/^Chargement/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  // lists and transitions settle (Mantine's are 150–200 ms)
  await page.waitForTimeout(150);
}

async function sweep(page: Page, theme: string): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of SCREENS) {
    let path: string;
    try {
      path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      await open(page, path);
      if (screen.then) {
        await screen.then(page);
        await page.waitForTimeout(300);
      }
    } catch (e) {
      problems.push(`[${theme}] ${screen.name}: écran non atteint — ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    const t0 = Date.now();
    problems.push(...describeFindings(`[${theme}] ${screen.name} (${path})`, await axeViolations(page)));
    if (process.env.A11Y_TIMES) console.log(`      ${screen.name}: axe ${Date.now() - t0} ms`);
    if (screen.check) problems.push(...(await screen.check(page)).map((p) => `[${theme}] ${screen.name}: ${p}`));
    if (screen.title) {
      const expected = `${screen.title} — Comptoir`;
      const shown = await page.waitForFunction((t) => document.title === t, expected, { timeout: 2_000 }).then(() => true, () => false);
      if (!shown) problems.push(`[${theme}] ${screen.name}: titre « ${await page.title()} », attendu « ${expected} »`);
    }
    await page.keyboard.press('Escape');
  }
  return problems;
}

describe('accessibility: axe-core on every screen, light and dark themes', function () {
  this.timeout(600_000);
  const s = demoSession(this, { plugins: ['contacts', 'catalogue', 'invoicing', 'purchases'], shotPrefix: 'accessibilite' });

  it('light theme: no critical or serious violation, a title per sub-page', async () => {
    const problems = await sweep(s.page, "clair");
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('dark theme: no critical or serious violation', async () => {
    await open(s.page, '/preferences');
    await s.page.getByTestId('theme-setting').getByText('Sombre').click();
    await s.page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const problems = await sweep(s.page, 'sombre');
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});

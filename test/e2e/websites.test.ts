/**
 * « Sites web » in Debian's Chromium (playwright-core), on the demo company and its bakery site
 * (`boulangerie-martin.localhost`), the shell and the websites remote built here:
 *
 * 1. the website screen opens without the editor's chunk (GrapesJS is not downloaded);
 * 2. the main menu is reordered by drag (@dnd-kit): « Contact » dragged above « Accueil », kept after
 *    a reload, and the public page's menu follows;
 * 3. the page editor of « Nos pains » loads the GrapesJS chunk; « Texte », « Appel à l’action » and
 *    « Image » blocks are dragged from the palette onto the page, the text is written in place, the
 *    call to action's title set in its settings (undo/redo, the phone preview on the way), a picture
 *    uploaded for the image; saved, the public page (Host header) shows all three;
 * 4. an article is written in the rich-text editor (TipTap, its own chunk): a bold word, saved, on
 *    the public article page;
 * 5. a variant of « Classique » is made on the templates screen (a blue main colour) and chosen for
 *    the site: the public page carries its colour.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/websites.test.ts
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';
import { axeViolations, describeFindings } from './support/axe.ts';

const HOST = 'boulangerie-martin.localhost';

/** a visitor's GET of the bakery site, through a real connection with its Host */
function publicPage(url: string, path: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, headers: { Host: HOST, 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A pointer drag from one element's centre to a point, in small timed steps (what a hand does: the drop targets follow). */
async function drag(page: Page, from: Locator, target: () => Promise<{ x: number; y: number }>) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const to = await target();
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  for (let i = 1; i <= 25; i++) {
    await page.mouse.move(start.x + ((to.x - start.x) * i) / 25, start.y + ((to.y - start.y) * i) / 25);
    await page.waitForTimeout(15);
  }
  await page.mouse.move(to.x, to.y + 2);
  await page.waitForTimeout(100);
  await page.mouse.up();
}

describe('websites in Chromium: menus by drag, the GrapesJS page editor, the public page', function () {
  this.timeout(300_000);
  const s = demoSession(this, { plugins: ['websites'], shotPrefix: 'sites-web' });
  /** the websites remote's scripts the browser downloaded, with their sizes */
  const scripts = new Map<string, number>();

  before(() => {
    s.page.on('response', async (res) => {
      const u = new URL(res.url());
      if (!u.pathname.startsWith('/plugins/websites/') || !u.pathname.endsWith('.js')) return;
      try { scripts.set(u.pathname, (await res.body()).length); } catch { /* a redirect has no body */ }
    });
  });
  const bigScripts = () => [...scripts].filter(([, size]) => size > 300_000).map(([p]) => p);

  it('opens the demo website without downloading the editor', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Sites web', exact: true }).click();
    await page.getByTestId('websites-list').getByRole('link', { name: 'Boulangerie Martin' }).click();
    await page.getByTestId('website-form').waitFor();
    await page.getByTestId('menu-item').filter({ hasText: 'Contact' }).waitFor();
    expect(scripts.size).to.be.greaterThan(0);
    expect(bigScripts(), 'no GrapesJS before the editor').to.deep.equal([]);
    // the website screen with its draggable menus: no critical or serious axe violation
    expect(describeFindings('site web', await axeViolations(page))).to.deep.equal([]);
    await s.shot('1-site');
  });

  it('reorders the main menu by drag: « Contact » above « Accueil », on the public page too', async () => {
    const { page } = s;
    const card = page.getByTestId('menu-card').filter({ hasText: 'Menu principal' });
    const names = () => card.getByTestId('menu-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    expect(await names()).to.deep.equal(['Accueil', 'Nos pains', 'Blog', 'Contact']);
    await card.scrollIntoViewIfNeeded();
    await drag(page, card.getByRole('button', { name: 'Déplacer « Contact »' }), async () => {
      const target = (await card.getByTestId('menu-item').filter({ hasText: 'Accueil' }).boundingBox())!;
      return { x: target.x + 40, y: target.y + 4 };
    });
    for (let i = 0; i < 50 && (await names())[0] !== 'Contact'; i++) await page.waitForTimeout(100);
    expect(await names()).to.deep.equal(['Contact', 'Accueil', 'Nos pains', 'Blog']);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await card.getByTestId('menu-item').first().waitFor();
    expect(await names()).to.deep.equal(['Contact', 'Accueil', 'Nos pains', 'Blog']);
    const home = await publicPage(s.url, '/');
    expect(home.status).to.equal(200);
    const nav = home.body.slice(0, home.body.indexOf('<main'));
    expect(nav.indexOf('>Contact<')).to.be.greaterThan(-1).and.lessThan(nav.indexOf('>Accueil<'));
    await s.shot('2-menu');
  });

  it('builds « Nos pains » in the editor: three blocks dragged, text written, a picture uploaded, saved, seen on the public page', async () => {
    const { page } = s;
    await page.getByTestId('menu-item').filter({ hasText: 'Nos pains' }).getByRole('button', { name: 'Mise en page' }).click();
    const editor = page.getByTestId('page-editor');
    await editor.waitFor();
    const frame = page.frameLocator('[data-testid="editor-canvas"] iframe.gjs-frame');
    // the stored layout is loaded as our components, each block drawn by the server
    await frame.locator('[data-block-type="faq"]').getByText('Faites-vous du pain sans gluten ?').waitFor();
    expect(bigScripts().length, 'the GrapesJS chunk, on the editor screen only').to.equal(1);

    // below the last block of the page (the canvas's own coordinates are the page's: Playwright adds the frame's offset)
    const below = async () => {
      const last = (await frame.locator('[data-block-type="faq"]').boundingBox())!;
      return { x: last.x + last.width / 2, y: last.y + last.height - 6 };
    };
    await drag(page, page.locator('.gjs-block[data-block-type="simple-html"]'), below);
    const text = frame.locator('[data-gjs-type="cpt-text"]').filter({ hasText: 'Votre texte ici.' });
    await text.waitFor();

    await drag(page, page.locator('.gjs-block[data-block-type="get"]'), below);
    const cta = frame.locator('[data-gjs-type="cpt-block"][data-block-type="get"]');
    await cta.getByText('Passez nous voir').waitFor();
    // undo takes the dropped block away, redo brings it back
    await editor.getByRole('button', { name: 'Annuler' }).click();
    await cta.waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Rétablir' }).click();
    await cta.getByText('Passez nous voir').waitFor();
    // the phone preview: the canvas is a phone's width
    await editor.getByText('Téléphone').click();
    for (let i = 0; i < 30 && ((await page.locator('[data-testid="editor-canvas"] iframe.gjs-frame').boundingBox())!.width > 400); i++) await page.waitForTimeout(100);
    expect((await page.locator('[data-testid="editor-canvas"] iframe.gjs-frame').boundingBox())!.width).to.be.within(360, 400);
    await s.shot('3-telephone');
    await editor.getByText('Ordinateur').click();

    // the text, written in place (GrapesJS's rich-text editor)
    await text.dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Pains du dimanche : réservez avant samedi midi.');
    // the call to action, chosen in the canvas, takes its title from its settings; the server redraws it
    await cta.click();
    const title = page.getByTestId('editor-traits').locator('.gjs-trt-trait').filter({ hasText: /^\s*Titre\s*$/ }).locator('input');
    await title.fill('Commandez vos galettes');
    await title.press('Enter');
    await cta.getByText('Commandez vos galettes').waitFor();
    await s.shot('3-editeur');

    // an image block: its picture uploaded from the settings (the kernel's files), drawn through the attachment's variants
    await drag(page, page.locator('.gjs-block[data-block-type="single-image"]'), below);
    const image = frame.locator('[data-gjs-type="cpt-block"][data-block-type="single-image"]');
    await image.click();
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#c8a165' } }).jpeg().toBuffer();
    await page.getByTestId('editor-traits').getByLabel('Image', { exact: true }).setInputFiles({ name: 'fournil.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await image.locator('img[src^="/attachment/"]').waitFor();

    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await editor.getByTestId('editor-saved').waitFor();

    const breads = await publicPage(s.url, '/nos-pains');
    expect(breads.status).to.equal(200);
    expect(breads.body).to.contain('Pains du dimanche : réservez avant samedi midi.');
    expect(breads.body).to.contain('Commandez vos galettes');
    expect(breads.body).to.match(/<figure class="c-image"><img src="\/attachment\/[^"]+\/w640" srcset="[^"]+ 320w/);
    // what was there stays, in its order; the new blocks come after
    const at = (t: string) => breads.body.indexOf(t);
    expect(at('Faites-vous du pain sans gluten ?')).to.be.greaterThan(0).and.lessThan(at('Pains du dimanche'));
    await s.shot('4-enregistre');
  });

  it('writes an article in the rich-text editor: a bold word reaches the public page', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Sites web', exact: true }).click();
    await page.getByRole('link', { name: 'Articles du blog →' }).click();
    await page.getByRole('link', { name: 'La galette des rois est de retour' }).click();
    const text = page.getByTestId('article-rich-text');
    await text.waitFor();
    await text.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Réservez ');
    await page.getByRole('toolbar', { name: 'Mise en forme' }).getByRole('button', { name: 'Gras' }).click();
    await page.keyboard.type('dès aujourd’hui');
    await page.getByTestId('article-form').getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Article enregistré.').waitFor();
    expect(describeFindings('article', await axeViolations(page))).to.deep.equal([]);
    expect(await page.getByRole('toolbar', { name: 'Mise en forme' }).getByRole('button', { name: 'Annuler' }).isEnabled()).to.equal(true);
    const article = await publicPage(s.url, '/article/la-galette-des-rois-est-de-retour');
    expect(article.status).to.equal(200);
    expect(article.body).to.contain('Réservez <strong>dès aujourd’hui</strong>');
    await s.shot('5-article');
  });

  it('makes a blue variant of « Classique » and gives it to the site: the public page takes its colour', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Sites web', exact: true }).click();
    await page.getByRole('link', { name: 'Modèles et variantes →' }).click();
    const card = page.getByTestId('template-card').filter({ hasText: 'Classique' });
    await card.getByRole('button', { name: 'Nouvelle variante' }).click();
    const form = card.getByTestId('variant-form');
    await form.getByLabel('Nom de la variante').fill('Bleue');
    await form.getByLabel('Couleur principale').fill('#1d4ed8');
    await form.getByRole('button', { name: 'Enregistrer la variante' }).click();
    await card.getByTestId('variant-row').filter({ hasText: 'Bleue' }).waitFor();
    await s.shot('6-variante');

    await page.getByTestId('side-menu').getByRole('link', { name: 'Sites web', exact: true }).click();
    await page.getByTestId('websites-list').getByRole('link', { name: 'Boulangerie Martin' }).click();
    const site = page.getByTestId('website-form');
    await pick(page, site.getByLabel('Variante', { exact: true }), 'Bleue');
    await site.getByRole('button', { name: 'Enregistrer' }).first().click();
    await site.getByText('Site enregistré.').waitFor();
    const home = await publicPage(s.url, '/');
    expect(home.body).to.contain('--primary:#1d4ed8');
  });
});

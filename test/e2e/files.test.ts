/**
 * « Fichiers » and the avatar in Debian's Chromium (playwright-core), on the demo company:
 *
 * 1. a 3-megabyte photo is dropped into the files browser over a link slowed to 1 Mo/s: the
 *    progress bar shows a percentage on the way, then the row shows the photo's thumbnail (the
 *    `s64` variant, loaded, 64 pixels wide) and its size in French units;
 * 2. an HTML page named « facture.png » (image/png) is refused with the server's French message,
 *    and no row appears;
 * 3. a photo chosen in « Préférences » becomes the avatar of the user menu.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/files.test.ts
 */
import { expect } from 'chai';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';

describe('files browser in Chromium: upload with progress, thumbnail, disguised file refused, avatar', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: [], shotPrefix: 'fichiers' });
  let page: Page;
  let photo: Buffer;
  before(async () => {
    page = s.page;
    // noise does not compress: about 3 Mo of PNG, long enough to watch its progress
    photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
  });

  async function openFiles() {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Fichiers' }).click();
    await page.getByRole('heading', { name: 'Fichiers' }).waitFor();
  }

  it('uploads a photo with a progress bar, then shows its thumbnail and its size', async () => {
    await openFiles();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    // every percentage the screen shows, as it shows them
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenProgress: string[] }).seenProgress = seen;
      new MutationObserver(() => {
        const m = /Envoi de « vitrine\.png » : (\d+) %/.exec(document.body.innerText);
        if (m && seen.at(-1) !== m[1]) seen.push(m[1]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    try {
      await page.locator('input[type=file]').setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: photo });
      await page.getByTestId('upload-progress').waitFor();
      await s.shot('1-envoi');
      await page.getByTestId('upload-progress').waitFor({ state: 'detached' });
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    }
    const percents = (await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress)).map(Number);
    console.log(`      progression vue : ${percents.join(', ')} %`);
    expect(percents.some((p) => p > 0 && p < 100), `percentages seen: ${percents.join(', ')}`).to.equal(true);
    expect(percents).to.deep.equal([...percents].sort((a, b) => a - b));
    const row = page.getByTestId('file-row').filter({ hasText: 'vitrine.png' });
    await row.waitFor();
    const thumbnail = row.getByRole('img', { name: 'Aperçu de vitrine.png' });
    await thumbnail.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await thumbnail.elementHandle());
    expect(await thumbnail.evaluate((el) => [(el as HTMLImageElement).naturalWidth, (el as HTMLImageElement).naturalHeight])).to.deep.equal([64, 64]);
    expect(await thumbnail.getAttribute('src')).to.match(/^\/attachment\/[0-9a-f]{24}\/files\/[0-9a-f]{32}\.png\/s64$/);
    const size = (photo.length / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
    await row.getByText(`${size}\u00a0Mo`).waitFor();
    await s.shot('2-vignette');
  });

  it('refuses an HTML page disguised as a PNG image, with the server’s message', async () => {
    await openFiles();
    const rows = await page.getByTestId('file-row').count();
    await page.locator('input[type=file]').setInputFiles({ name: 'facture.png', mimeType: 'image/png', buffer: Buffer.from('<html><body><script>alert(1)</script></body></html>') });
    const alert = page.getByRole('alert').filter({ hasText: 'Fichier refusé' });
    await alert.waitFor();
    expect(await alert.textContent()).to.contain('Le fichier « facture.png » n’est pas une image PNG : son contenu est du texte ou un format non reconnu. Il est refusé.');
    await s.shot('3-refus');
    expect(await page.getByTestId('file-row').count()).to.equal(rows);
    expect(await page.getByTestId('file-row').filter({ hasText: 'facture.png' }).count()).to.equal(0);
  });

  it('sets my avatar in « Préférences »: the user menu shows it', async () => {
    await page.getByRole('button', { name: 'Camille Martin' }).click();
    await page.getByRole('menuitem', { name: 'Préférences' }).click();
    await page.getByRole('heading', { name: 'Photo' }).waitFor();
    const avatar = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: avatar });
    const menuPicture = page.getByTestId('user-avatar').locator('img');
    await menuPicture.waitFor();
    expect(await menuPicture.getAttribute('src')).to.match(/^\/attachment\/[0-9a-f]{24}\/avatar\/[0-9a-f]{32}\.jpg\/s64$/);
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 64, await menuPicture.elementHandle());
    await s.shot('4-avatar');
  });
});

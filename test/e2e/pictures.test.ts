/**
 * The two pictures a person sets in the shell, in Chromium (one hook serves both:
 * host/src/screens/shared/useImageSetting.ts): the company's logo (« Entreprise › Logo et
 * mentions ») and my photo (« Préférences »). Each is uploaded with its progress, previewed,
 * refused in French when the file is not an image (the preview unchanged), then removed.
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/pictures.test.ts
 */
import sharp from 'sharp';
import { expect } from 'chai';
import { demoSession } from './support/demo-session.ts';

const png = () => sharp({ create: { width: 300, height: 120, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
const notAnImage = { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('ceci n’est pas une image') };

describe('pictures in Chromium: the company logo and my photo', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'catalogue', 'invoicing'], shotPrefix: 'images' });

  it('uploads, refuses a disguised file, and removes the company logo', async () => {
    await s.page.goto(`${s.url}/entreprise?onglet=documents`);
    await s.page.getByText('Imprimé en haut à gauche de vos factures, avoirs et devis.').waitFor();
    // the demo company has a logo drawn at seed time: remove it first when present
    const remove = s.page.getByRole('button', { name: 'Retirer le logo' });
    if (await remove.isVisible()) {
      await remove.click();
      await s.page.getByText('Aucun logo').waitFor();
    }
    await s.page.locator('input[type="file"][accept="image/png,image/jpeg"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() });
    await s.page.getByTestId('logo-preview').waitFor();
    await s.page.locator('input[type="file"][accept="image/png,image/jpeg"]').setInputFiles(notAnImage);
    const refusal = s.page.getByRole('alert').filter({ hasText: 'Logo refusé' });
    await refusal.waitFor();
    expect(await refusal.innerText()).to.match(/Logo refusé/);
    // the logo kept is the one before
    expect(await s.page.getByTestId('logo-preview').isVisible()).to.equal(true);
    await s.page.getByRole('button', { name: 'Retirer le logo' }).click();
    await s.page.getByText('Aucun logo').waitFor();
  });

  it('uploads and removes my photo', async () => {
    await s.page.goto(`${s.url}/preferences`);
    const input = s.page.locator('input[type="file"]').first();
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: await png() });
    await s.page.getByRole('button', { name: 'Changer de photo' }).waitFor();
    expect(await s.page.getByTestId('avatar-preview').locator('img').count()).to.equal(1);
    await s.page.getByRole('button', { name: 'Retirer la photo' }).click();
    await s.page.getByRole('button', { name: 'Choisir une photo' }).waitFor();
  });
});

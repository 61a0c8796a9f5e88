/**
 * « Questionnaires » in Debian's Chromium (playwright-core), on the demo company (its satisfaction
 * survey has three answers) with the shell and the surveys remote built here:
 *
 * 1. the list shows the demo survey and its three answers;
 * 2. a visitor opens its public page (no account: another browser context), answers with SurveyJS
 *    (a note, a choice, two boxes, « Autre » with a text) and sees the thank-you page;
 * 3. back in the shell, the survey's statistics count the fourth answer: totals, the average note,
 *    the bars of each choice.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/surveys.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import { SHOTS, launchBrowser } from './support/browser.ts';
import { demoSession } from './support/demo-session.ts';

describe('surveys in Chromium: a public answer, then the statistics', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['surveys'], shotPrefix: 'questionnaires' });
  let surveyUrl = '';

  it('lists the demo survey with its answers', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Questionnaires', exact: true }).click();
    const list = page.getByTestId('surveys-list');
    const row = list.getByRole('row').filter({ hasText: 'Satisfaction client' });
    await row.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/questionnaires');
    expect(await row.getByRole('cell').nth(1).innerText()).to.equal('3');
    await row.getByRole('link', { name: 'Satisfaction client' }).click();
    await page.getByTestId('survey-screen').waitFor();
    await page.getByRole('tab', { name: 'Paramètres' }).click();
    surveyUrl = await page.getByLabel('Page publique de réponse').inputValue();
    expect(surveyUrl).to.match(/\/plugins\/surveys\/public\/answer\.html\?company=[0-9a-f]{24}&survey=[0-9a-f]{24}$/);
    await s.shot('1-liste');
  });

  it('answers the survey on its public page, without an account', async () => {
    const visitor = await launchBrowser(s.db.dataDir);
    try {
      const page = await visitor.newPage();
      page.on('pageerror', (e) => console.log(`      [public page] ${e.message}`));
      await page.goto(surveyUrl);
      await page.getByRole('heading', { name: 'Satisfaction client' }).waitFor();
      const note = page.locator('[data-name="note"]');
      await note.getByText('5', { exact: true }).click();
      await page.locator('[data-name="revenir"]').getByText('Peut-être', { exact: true }).click();
      const points = page.locator('[data-name="points"]');
      await points.getByText('L’accueil', { exact: true }).click();
      await points.getByText('Autre (préciser)').click();
      await points.getByRole('textbox').fill('Les croissants');
      await page.getByRole('button', { name: 'Terminer' }).click();
      await page.getByText('Merci', { exact: false }).first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'questionnaires-2-page-publique.png'), fullPage: true });
    } finally {
      await visitor.close();
    }
  });

  it('shows the new answer in the statistics', async () => {
    const { page } = s;
    await page.reload();
    await page.getByTestId('survey-screen').waitFor();
    expect(await page.getByTestId('survey-real-count').innerText()).to.match(/^4 réponses$/i);
    await page.getByRole('tab', { name: 'Statistiques' }).click();
    const stats = page.getByTestId('survey-statistics');
    await stats.getByTestId('survey-stat-count').filter({ hasText: '4 réponses' }).waitFor();
    const note = stats.locator('[data-testid="survey-stat"][data-name="note"]');
    // demo answers 5, 4, 3 and this one 5
    expect(await note.getByTestId('survey-stat-average').innerText()).to.equal('Moyenne : 4,25');
    expect(await note.locator('[data-testid="survey-stat-row"][data-label="5"]').getAttribute('data-count')).to.equal('2');
    const revenir = stats.locator('[data-testid="survey-stat"][data-name="revenir"]');
    expect(await revenir.locator('[data-testid="survey-stat-row"][data-label="Peut-être"]').getAttribute('data-count')).to.equal('2');
    const points = stats.locator('[data-testid="survey-stat"][data-name="points"]');
    expect(await points.locator('[data-testid="survey-stat-row"][data-label="L’accueil"]').getAttribute('data-count')).to.equal('2');
    expect(await points.locator('[data-testid="survey-stat-row"][data-label="Autre"]').getAttribute('data-count')).to.equal('2');
    expect(await points.getByTestId('survey-stat-total').innerText()).to.equal('4 réponses');
    await s.shot('3-statistiques');
  });
});

/**
 * « Projets » in Debian's Chromium (playwright-core), on the demo company (with the projects seed)
 * and the shell, contacts, invoicing and projects remotes built here:
 *
 * 1. the board shows the demo project's items in their columns, « Vitrine de Noël » at 50 %;
 * 2. a new idea is proposed from the board and opens on its page;
 * 3. two task lists get their tasks; ticking tasks one by one, each list's progress and the idea's
 *    (the rounded average of its lists) follow: 0 → 25 → 75 → 100 %;
 * 4. back on the board, the idea's card is dragged from « Proposées » to « Acceptées » (@dnd-kit)
 *    and stays there after a reload.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/projects.test.ts
 */
import { expect } from 'chai';
import { demoSession } from './support/demo-session.ts';

describe('projects in Chromium: an idea, two task lists, its progress, the board', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing', 'projects'], shotPrefix: 'projets' });

  it('shows the demo project on the board, by status', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Projets', exact: true }).click();
    const board = page.getByTestId('projects-board');
    await board.getByTestId('projects-card').first().waitFor();
    expect(new URL(page.url()).pathname).to.equal('/projets');
    const accepted = board.getByTestId('projects-column-accepted');
    const christmas = accepted.getByTestId('projects-card').filter({ hasText: 'Vitrine de Noël' });
    expect(await christmas.getByTestId('projects-card-progress').innerText()).to.equal('50 %');
    expect(await board.getByTestId('projects-column-submitted').getByTestId('projects-card').count()).to.equal(2);
    await s.shot('1-tableau');
  });

  it('proposes an idea and gives it two task lists whose progress the idea follows', async () => {
    const { page } = s;
    await page.getByLabel('Nouvelle idée ou nouvel incident').fill('Présentoir à macarons');
    await page.getByRole('button', { name: 'Proposer' }).click();
    await page.waitForURL(/\/projets\/elements\/[0-9a-f]{24}$/);
    const item = page.getByTestId('projects-item');
    await item.waitFor();
    const progress = item.getByTestId('projects-item-progress');
    expect(await progress.innerText()).to.equal('0 %');

    for (const name of ['Achats', 'Installation']) {
      await item.getByLabel('Nouvelle liste de tâches').fill(name);
      await item.getByRole('button', { name: 'Ajouter la liste' }).click();
      await item.locator(`[data-testid="projects-task-list"][data-name="${name}"]`).waitFor();
    }
    const list = (name: string) => item.locator(`[data-testid="projects-task-list"][data-name="${name}"]`);
    const addTask = async (listName: string, task: string) => {
      await list(listName).getByLabel(`Nouvelle tâche dans « ${listName} »`).fill(task);
      await list(listName).getByRole('button', { name: 'Ajouter la tâche' }).click();
      await list(listName).getByRole('checkbox', { name: task }).waitFor();
    };
    await addTask('Achats', 'Commander le présentoir');
    await addTask('Achats', 'Commander les cloches');
    await addTask('Installation', 'Monter le présentoir');
    await s.shot('2-listes');

    const tick = async (listName: string, task: string, expected: { list: string; item: string }) => {
      await list(listName).getByRole('checkbox', { name: task }).click();
      await list(listName).getByTestId('projects-list-progress').getByText(expected.list, { exact: true }).waitFor();
      await progress.getByText(expected.item, { exact: true }).waitFor();
    };
    // Achats 1 of 2 done: 50 %; Installation 0 %: the idea (50 + 0) / 2 = 25 %
    await tick('Achats', 'Commander le présentoir', { list: '50 %', item: '25 %' });
    // Installation done: (50 + 100) / 2 = 75 %
    await tick('Installation', 'Monter le présentoir', { list: '100 %', item: '75 %' });
    await tick('Achats', 'Commander les cloches', { list: '100 %', item: '100 %' });
    await s.shot('3-avancement');
  });

  it('drags the idea from « Proposées » to « Acceptées » on the board', async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'Tableau' }).click();
    const board = page.getByTestId('projects-board');
    const card = board.getByTestId('projects-column-submitted').getByTestId('projects-card').filter({ hasText: 'Présentoir à macarons' });
    await card.waitFor();
    // the board may first draw its cached list (before the ticks), then the refetched one
    await card.getByTestId('projects-card-progress').getByText('100 %', { exact: true }).waitFor();
    const from = (await card.boundingBox())!;
    const to = (await board.getByTestId('projects-column-accepted').boundingBox())!;
    await page.mouse.move(from.x + from.width - 20, from.y + from.height - 10);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width - 10, from.y + from.height, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 30, { steps: 15 });
    await page.mouse.up();
    const moved = board.getByTestId('projects-column-accepted').getByTestId('projects-card').filter({ hasText: 'Présentoir à macarons' });
    await moved.waitFor();
    await page.reload();
    await board.getByTestId('projects-column-accepted').getByTestId('projects-card').filter({ hasText: 'Présentoir à macarons' }).waitFor();
    expect(await board.getByTestId('projects-column-submitted').getByTestId('projects-card').filter({ hasText: 'Présentoir à macarons' }).count()).to.equal(0);
    await s.shot('4-deplace');
  });
});

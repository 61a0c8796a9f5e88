/**
 * « Files de traitement » in Debian's Chromium (playwright-core), on the demo company:
 *
 * 1. the list shows the demo queue; a new general queue opens in the editor (React Flow, loaded lazily);
 * 2. nodes are dragged from the palette onto the canvas, the condition is configured in the side
 *    panel generated from its schema, exits are connected by dragging from their handles to the next
 *    node's input; the validation drawn on the canvas follows (errors, then « Valide »);
 * 3. undo / redo with the keyboard, a node added and deleted with the keyboard alone;
 * 4. saved, reloaded: the graph is stored; auto-layout (dagre) orders it top to bottom; the server
 *    validates it, and a run walks it.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/process-queues.test.ts
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';

const TYPE = (id: string) => `process-queues.${id}`;

describe('process-queues in Chromium: build a queue by dragging nodes and connecting exits', function () {
  this.timeout(300_000);
  const s = demoSession(this, { plugins: ['process-queues'], shotPrefix: 'files-de-traitement' });
  let queueUrl = '';

  const canvas = (page: Page) => page.getByTestId('pq-canvas');
  const nodeOf = (page: Page, type: string) => canvas(page).locator(`[data-testid="pq-node"][data-type="${TYPE(type)}"]`);

  async function dropFromPalette(page: Page, type: string, x: number, y: number) {
    const before = await nodeOf(page, type).count();
    await page.locator(`[data-testid="pq-palette-item"][data-type="${TYPE(type)}"]`).dragTo(canvas(page), { targetPosition: { x, y } });
    await nodeOf(page, type).nth(before).waitFor();
    return nodeOf(page, type).nth(before);
  }

  /** presses on an exit's handle and releases on the target node's input handle */
  async function wire(page: Page, from: Locator, exit: string, to: Locator) {
    const source = (await from.locator(`[data-testid="pq-exit"][data-exit="${exit}"]`).boundingBox())!;
    const target = (await to.locator('.react-flow__handle.target').boundingBox())!;
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
    await page.mouse.up();
  }

  const edgeCount = (page: Page) => canvas(page).locator('.react-flow__edge').count();

  /** waits up to 10 s for `read()` to answer `expected`, then asserts it */
  async function until(read: () => Promise<number>, expected: number) {
    for (let i = 0; i < 100 && (await read()) !== expected; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await read()).to.equal(expected);
  }

  it('lists the demo queue and opens a new one in the editor', async () => {
    const { page } = s;
    // room for the palette, the canvas and the side panel side by side
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.getByTestId('side-menu').getByRole('link', { name: 'Files de traitement', exact: true }).click();
    await page.getByRole('link', { name: 'Demande de remise' }).waitFor();
    await page.getByTestId('pq-new-name').fill('Accueil du magasin');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/files-de-traitement\/[0-9a-f]{24}$/);
    queueUrl = page.url();
    await page.getByTestId('pq-editor').waitFor();
    // an empty queue: the validation says what is missing
    await page.getByTestId('pq-problems').getByText('La file n’a pas de nœud de départ : ajoutez un nœud « Départ ».').waitFor();
    await s.shot('1-nouvelle');
  });

  it('drags four nodes, configures the condition, connects the exits and sees the validation follow', async () => {
    const { page } = s;
    // positions in the canvas (its top left corner): the drop point is the top middle of the node
    const start = await dropFromPalette(page, 'start', 330, 50);
    const condition = await dropFromPalette(page, 'condition', 330, 200);
    const yes = await dropFromPalette(page, 'end', 170, 420);
    const no = await dropFromPalette(page, 'end', 450, 420);
    // unreachable nodes and an unconfigured condition are drawn in error
    // the condition (not configured) and the two ends (unreachable) are drawn in error
    await until(() => canvas(page).locator('[data-invalid="true"]').count(), 3);

    await condition.click();
    const panel = page.getByTestId('pq-panel');
    await panel.getByLabel('Nom du nœud').fill('Client fidèle ?');
    await panel.getByLabel('Nom du champ').fill('fidele');
    await panel.getByLabel('Valeur').fill('oui');
    await yes.click();
    await page.getByTestId('pq-panel').getByLabel('Nom du nœud').fill('Remercier');

    await wire(page, start, 'main', condition);
    await wire(page, condition, 'yes', yes);
    await wire(page, condition, 'no', no);
    await until(() => edgeCount(page), 3);
    await page.getByTestId('pq-canvas').click({ position: { x: 20, y: 20 } });
    await page.getByTestId('pq-valid').waitFor();
    expect(await canvas(page).locator('[data-invalid="true"]').count()).to.equal(0);
    expect(await condition.innerText()).to.contain('Client fidèle ?');
    await s.shot('2-reliee');
  });

  it('undoes and redoes with the keyboard, adds and deletes a node without the mouse', async () => {
    const { page } = s;
    await canvas(page).locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
    await page.keyboard.press('Control+z');
    await until(() => edgeCount(page), 2);
    await page.getByTestId('pq-invalid').waitFor();
    await page.keyboard.press('Control+y');
    await until(() => edgeCount(page), 3);
    await page.getByTestId('pq-valid').waitFor();

    const waits = () => nodeOf(page, 'wait').count();
    await page.locator(`[data-testid="pq-palette-item"][data-type="${TYPE('wait')}"]`).focus();
    await page.keyboard.press('Enter');
    await until(waits, 1);
    // the new node is selected: the side panel names it, and Delete removes it
    await page.getByTestId('pq-panel').getByText('Attente', { exact: true }).waitFor();
    await nodeOf(page, 'wait').focus();
    await page.keyboard.press('Delete');
    await until(waits, 0);
    await page.getByTestId('pq-valid').waitFor();
  });

  it('saves, reloads the stored graph, and the server validates and runs it', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('pq-dirty').waitFor({ state: 'detached' });
    await page.goto(queueUrl);
    await page.getByTestId('pq-editor').waitFor();
    await until(() => canvas(page).locator('[data-testid="pq-node"]').count(), 4);
    expect(await edgeCount(page)).to.equal(3);
    await page.getByTestId('pq-valid').waitFor();
    await s.shot('3-enregistree');

    // auto-layout (dagre, loaded on this click): the start above the condition, the condition above both ends
    const top = async (type: string, i = 0) => (await nodeOf(page, type).nth(i).boundingBox())!.y;
    await page.getByRole('button', { name: 'Disposer automatiquement' }).click();
    await page.getByTestId('pq-dirty').waitFor();
    for (let i = 0; i < 50 && !((await top('start')) < (await top('condition'))); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await top('start')).to.be.lessThan(await top('condition'));
    expect(await top('condition')).to.be.lessThan(Math.min(await top('end', 0), await top('end', 1)));
    expect(await edgeCount(page)).to.equal(3);
    await s.shot('4-disposee');

    const id = queueUrl.split('/').pop()!;
    const call = (method: string, path: string, body?: unknown) => page.evaluate(async ({ method, path, body }) => {
      const res = await fetch(path, {
        method, body: body === undefined ? undefined : JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('comptoir.token') ?? ''}`, 'AT-Company': localStorage.getItem('comptoir.company') ?? '' },
      });
      return { status: res.status, body: await res.json() };
    }, { method, path, body });
    const report = await call('POST', `/api/process-queues/queues/${id}/validate`);
    expect(report.status, JSON.stringify(report.body)).to.equal(200);
    expect(report.body.valid).to.equal(true);
    const run = await call('POST', `/api/process-queues/queues/${id}/runs`, { input: {} });
    expect(run.body.run.status).to.equal('finished');
    expect(run.body.steps.map((st: { pluginIdentifier: string; exit: string | null }) => [st.pluginIdentifier, st.exit])).to.deep.equal([
      [TYPE('start'), 'main'], [TYPE('condition'), 'no'], [TYPE('end'), null],
    ]);
  });
});

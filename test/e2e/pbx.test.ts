/**
 * « Téléphonie » in Debian's Chromium (playwright-core), on the demo company with the contacts,
 * process-queues and pbx remotes built here:
 *
 * 1. a list of numbers, a period of the year, a waiting playlist whose item plays during that period,
 *    and a phone (its SIP secret generated) are made through the screens;
 * 2. a call is replayed over the FastAGI socket as Asterisk speaks it (tools/src/fastagi) through a
 *    queue using them; while it waits, « Appels en cours » shows it live (the shell's WebSocket), its
 *    page draws the path taken on the queue; when it leaves, it is « Terminé » in the history.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/pbx.test.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { demoSession } from './support/demo-session.ts';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { startFastAgiBridge } from '../../tools/src/fastagi/server.ts';
import { createTts } from '../../tools/src/fastagi/tts.ts';
import { asteriskAnswer, asteriskEnvironment, replayAgiSession } from '../../tools/src/fastagi/replay.ts';

describe('pbx in Chromium: lists, playlists, periods, phones, a live call and its path', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'process-queues', 'pbx'], shotPrefix: 'telephonie' });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
  async function api(method: string, url: string, body?: unknown, auth?: { token: string; company: string }): Promise<any> {
    const res = await fetch(`${s.url}/api${url}`, {
      method, headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth.token}`, 'at-company': auth.company } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    expect(res.ok, `${method} ${url}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  it('makes a number list, a period, a playlist and a phone through the screens', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Téléphonie', exact: true }).click();
    await page.getByTestId('pbx-calls').waitFor();
    await page.getByText('Aucun appel en cours.').waitFor();

    await page.getByRole('navigation', { name: 'Téléphonie' }).getByText('Numéros et listes').click();
    const lists = page.getByTestId('pbx-number-lists');
    await lists.getByRole('button', { name: 'Nouvelle liste' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom').fill('Clients privilégiés');
    await dialog.getByLabel('Numéros').fill('06 12 34 56 78\n+33 6 98 76 54 32');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await lists.getByRole('cell', { name: '2 numéros', exact: true }).waitFor();
    // a number the API refuses: the French message, the dialog stays open
    await lists.getByRole('button', { name: 'Nouvelle liste' }).click();
    await dialog.getByLabel('Nom').fill('Erreur');
    await dialog.getByLabel('Numéros').fill('pas un numéro');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText(/n’a pas le format attendu/).first().waitFor();
    await page.keyboard.press('Escape');
    await s.shot('1-listes');

    await page.getByRole('navigation', { name: 'Téléphonie' }).getByText('Périodes de l’année').click();
    const periods = page.getByTestId('pbx-times-of-year');
    await periods.getByRole('button', { name: 'Nouvelle période' }).click();
    await dialog.getByLabel('Nom').fill('Tout le temps');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await periods.getByRole('cell', { name: 'Tout le temps', exact: true }).waitFor();
    expect(await periods.getByRole('cell', { name: '–/–/– –:–:–', exact: true }).count()).to.equal(2);

    await page.getByRole('navigation', { name: 'Téléphonie' }).getByText('Listes de lecture').click();
    const playlists = page.getByTestId('pbx-playlists');
    await playlists.getByRole('button', { name: 'Nouvelle liste de lecture' }).click();
    await dialog.getByLabel('Nom').fill('Attente');
    await dialog.getByRole('button', { name: 'Ajouter un élément' }).click();
    await dialog.getByLabel('Fichier audio 1').fill('attente/valse');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await playlists.getByRole('cell', { name: 'attente/valse (Toujours)', exact: true }).waitFor();
    await s.shot('2-listes-de-lecture');

    await page.getByRole('navigation', { name: 'Téléphonie' }).getByText('Postes').click();
    const users = page.getByTestId('pbx-users');
    await users.getByRole('button', { name: 'Nouveau poste' }).click();
    await dialog.getByLabel('Identifiant SIP').fill('accueil');
    await dialog.getByLabel('Numéro interne').fill('101');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const secret = users.getByRole('row', { name: /accueil/ }).locator('code');
    await secret.waitFor();
    expect(await secret.innerText()).to.match(/^[A-Za-z0-9]{30}$/);
    await s.shot('3-postes');
  });

  it('shows a call live while it waits, its path on the queue, then in the history', async () => {
    const { page } = s;
    const login = await api('POST', '/auth/login', { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password });
    const auth = { token: login.token, company: login.company._id };
    const find = async (p: string, name: string) => (await api('GET', `${p}?filters=${encodeURIComponent(JSON.stringify({ name: { mode: 'eq', value: name } }))}`, undefined, auth)).data[0];
    const playlist = await find('/pbx/playlists', 'Attente');
    const accueil = (await api('GET', '/pbx/users', undefined, auth)).data.find((u: { username: string }) => u.username === 'accueil');
    const queue = await api('POST', '/process-queues/queues', {
      name: 'Accueil téléphonique', typeIdentifier: 'call-routing',
      plugins: [
        { uuid: 'depart', pluginIdentifier: 'pbx.incoming-context', exits: { main: 'bonjour' }, position: { x: 40, y: 40 }, displaySettings: { name: 'Appel entrant' } },
        { uuid: 'bonjour', pluginIdentifier: 'pbx.tts', configuration: { message: 'Bonjour, ne quittez pas.' }, exits: { main: 'sonner' }, position: { x: 40, y: 160 }, displaySettings: { name: 'Bonjour' } },
        { uuid: 'sonner', pluginIdentifier: 'pbx.ring-voip', configuration: { users: [accueil._id] }, exits: { main: 'attente' }, position: { x: 40, y: 280 }, displaySettings: { name: 'Accueil' } },
        { uuid: 'attente', pluginIdentifier: 'pbx.waiting-playlist', configuration: { playlist: playlist._id }, exits: { main: 'fin' }, position: { x: 40, y: 400 }, displaySettings: { name: 'Musique' } },
        { uuid: 'fin', pluginIdentifier: 'pbx.hang-up', position: { x: 40, y: 520 }, displaySettings: { name: 'Raccrocher' } },
        { uuid: 'nuit', pluginIdentifier: 'pbx.time-router', exits: {}, position: { x: 280, y: 160 }, displaySettings: { name: 'Jamais atteint' } },
      ].slice(0, 5),
    }, auth);
    await api('POST', '/pbx/contexts', { name: 'atmos-incoming', file: 'extensions', fk: { queue: queue._id } }, auth);
    const server = await api('POST', '/pbx/servers', { name: 'Asterisk', host: '127.0.0.1' }, auth);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tts-'));
    const bridge = await startFastAgiBridge({ port: 0, host: '127.0.0.1', key: server.secretKey, api: { url: s.url, token: auth.token, company: auth.company }, tts: createTts({ dir }) });
    try {
      let release!: () => void;
      const waiting = new Promise<void>((r) => { release = r; });
      let reachedWait!: () => void;
      const atWait = new Promise<void>((r) => { reachedWait = r; });
      const uniqueid = '1764500000.77';
      const call = replayAgiSession(bridge.port, {
        env: asteriskEnvironment({ port: bridge.port, key: server.secretKey, uniqueid, callerid: '0612345678' }),
        timeoutMs: 120_000,
        respond: async (c) => {
          // the caller listens to the waiting music until the browser has seen the call live
          if (c.startsWith('STREAM FILE attente')) { reachedWait(); await waiting; }
          return asteriskAnswer(c);
        },
      });
      await atWait;
      await page.getByRole('navigation', { name: 'Téléphonie' }).getByText('Appels').click();
      const row = page.getByTestId('pbx-calls').getByTestId('pbx-call-row').filter({ hasText: '0612345678' });
      await row.waitFor();
      await row.getByText('En cours').waitFor();
      await row.getByText('En attente').waitFor();
      await s.shot('4-appel-en-cours');
      await row.getByRole('link').click();
      const detail = page.getByTestId('pbx-call');
      await detail.getByTestId('pbx-call-path').waitFor();
      const drawn = detail.getByTestId('pbx-call-path');
      expect(await drawn.locator('[data-visited="true"]').count()).to.equal(4);
      expect(await drawn.locator('[data-node="fin"]').getAttribute('data-visited')).to.equal('false');
      expect(await detail.getByTestId('pbx-call-state').textContent()).to.equal('En cours');
      await s.shot('5-chemin');
      release();
      const replay = await call;
      expect(replay.commands.at(-1)).to.equal('HANGUP');
      // live: the page follows the end of the call without a reload
      await detail.getByTestId('pbx-call-state').getByText('Terminé').waitFor();
      expect(await drawn.locator('[data-node="fin"]').getAttribute('data-visited')).to.equal('true');
      await s.shot('6-termine');
      await page.getByRole('link', { name: '← Appels' }).click();
      await page.getByText('Aucun appel en cours.').waitFor();
      await page.getByTestId('pbx-calls').getByText('Historique', { exact: true }).click();
      await page.getByTestId('pbx-call-row').filter({ hasText: '0612345678' }).getByText('Terminé').waitFor();
    } finally {
      await bridge.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

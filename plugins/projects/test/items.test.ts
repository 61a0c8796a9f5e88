/**
 * Projects, items, task lists and progress through the API (README « Items », « Progress »,
 * « Rights »), bad input answered in French without a 500 and without writing anything.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ProjectItem } from '../schemas/index.ts';
import { API, bootKernel, createItem, createProject, memberWith, ok, rowCounts, unknownId } from './support.ts';

describe('projects : idées, incidents, tâches et avancement', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('crée un projet avec les droits par défaut de la spec et son créateur pour propriétaire', async () => {
    const p = await createProject(k.http);
    expect(p).to.include({ defaultCanSubmitIdeas: true, defaultCanValidateIdeas: false, defaultCanSubmitIssue: true, defaultCanValidateIssue: false, vatRate: 20 });
    expect(p.fk.owner).to.equal(k.admin.userId);
    expect(p.fk.teams).to.deep.equal([]);
  });

  it('crée une idée avec ses valeurs par défaut ; son auteur la suit', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id);
    expect(item).to.include({ type: 'idea', priority: 'normal', progress: 0, autoProgressWithTasks: true, accepted: false, validated: false, archived: false, alert: false, helpRequired: false, status: 'submitted', workingTime: 0 });
    expect(item.fk.followers).to.deep.equal([k.admin.userId]);
    expect(item.lastActivityDescription).to.equal('Création');
  });

  it('l’avancement suit les tâches de deux listes, tâche par tâche', async () => {
    const p = await createProject(k.http);
    let item = await createItem(k.http, p._id, { taskLists: [{ name: 'Décor', tasks: [{ name: 'Thème' }, { name: 'Guirlandes' }] }] });
    item = await ok<ProjectItem>(k.http.post(`${API}/items/${item._id}/task-lists`, { name: 'Produits', tasks: [{ name: 'Bûches' }] }), 201);
    expect(item.taskLists).to.have.length(2);
    const [theme, garlands] = item.taskLists[0].tasks;
    const [logs] = item.taskLists[1].tasks;
    item = await ok<ProjectItem>(k.http.put(`${API}/items/${item._id}/tasks/${theme.uuid}`, { progress: 100 }));
    expect(item.taskLists.map((l) => l.progress)).to.deep.equal([50, 0]);
    expect(item.progress).to.equal(25);
    expect(item.lastActivityDescription).to.equal('Tâche « Thème » : 100 %');
    item = await ok<ProjectItem>(k.http.put(`${API}/items/${item._id}/tasks/${logs.uuid}`, { progress: 100 }));
    expect(item.progress).to.equal(75);
    item = await ok<ProjectItem>(k.http.put(`${API}/items/${item._id}/tasks/${garlands.uuid}`, { progress: 33 }));
    // lists 67 (66,5) and 100 → 83,5 → 84
    expect(item.taskLists.map((l) => l.progress)).to.deep.equal([67, 100]);
    expect(item.progress).to.equal(84);
    const added = await ok<ProjectItem>(k.http.post(`${API}/items/${item._id}/task-lists/${item.taskLists[1].uuid}/tasks`, { name: 'Étiquettes' }), 201);
    expect(added.progress).to.equal(59); // (67 + 50) / 2 = 58,5 → 59
    const stored = await ok<ProjectItem>(k.http.get(`${API}/items/${item._id}`));
    expect(stored.progress).to.equal(59);
  });

  it('sans autoProgressWithTasks, l’avancement saisi reste', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id, { autoProgressWithTasks: false, progress: 10, taskLists: [{ name: 'L', tasks: [{ name: 'T', progress: 100 }] }] });
    expect(item.progress).to.equal(10);
    expect(item.taskLists[0].progress).to.equal(100);
  });

  it('déplacer entre colonnes change les drapeaux et le statut', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id);
    const moved = await ok<ProjectItem>(k.http.post(`${API}/items/${item._id}/move`, { status: 'validated' }));
    expect(moved).to.include({ status: 'validated', accepted: true, validated: true, archived: false });
    const list = await ok(k.http.get(`${API}/items`, { query: { filters: JSON.stringify({ status: { mode: 'eq', value: 'validated' }, 'fk.project': { mode: 'eq', value: p._id } }) } }));
    expect(list.data.map((i: ProjectItem) => i._id)).to.deep.equal([item._id]);
  });

  it('les droits du projet décident : proposer, accepter (403 en français, rien d’écrit)', async () => {
    const p = await createProject(k.http, { defaultCanSubmitIssue: false });
    const member = await memberWith(k, ['projects.items.read', 'projects.items.write']);
    const idea = await createItem(member.http, p._id);
    const before = await rowCounts(k);
    const issue = await member.http.post(`${API}/items`, { name: 'Panne', type: 'issue', fk: { project: p._id } });
    expect(issue.status).to.equal(403);
    expect(issue.body.message).to.equal('Vous n’avez pas le droit de proposer des incidents sur ce projet.');
    const accept = await member.http.post(`${API}/items/${idea._id}/move`, { status: 'accepted' });
    expect(accept.status).to.equal(403);
    expect(accept.body.message).to.equal('Vous n’avez pas le droit d’accepter ou de valider des idées sur ce projet.');
    expect(await rowCounts(k)).to.deep.equal(before);
    // a team setting gives them the right to validate ideas (and, being a full override, takes away submitting)
    const team = await ok(k.http.post(`${API}/teams`, { name: 'Boutique', fk: { users: [member.userId] } }), 201);
    await ok(k.http.post(`${API}/user-settings`, { order: 1, canValidateIdeas: true, fk: { project: p._id, team: team._id } }), 201);
    const rights = await ok(member.http.get(`${API}/projects/${p._id}/rights`));
    expect(rights).to.include({ canSubmitIdeas: false, canValidateIdeas: true, source: 'team' });
    await ok(member.http.post(`${API}/items/${idea._id}/move`, { status: 'accepted' }));
    expect((await member.http.post(`${API}/items`, { name: 'Autre idée', fk: { project: p._id } })).status).to.equal(403);
    // a personal setting ordered before the team's wins
    await ok(k.http.post(`${API}/user-settings`, { order: 0, canSubmitIdeas: true, fk: { project: p._id, user: member.userId } }), 201);
    expect(await ok(member.http.get(`${API}/projects/${p._id}/rights`))).to.include({ canSubmitIdeas: true, canValidateIdeas: false, source: 'user' });
    await createItem(member.http, p._id, { name: 'Autre idée' });
  });

  it('mauvaises saisies : 400 en français, jamais 500, rien d’écrit', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id, { taskLists: [{ name: 'L', tasks: [{ name: 'T' }] }] });
    const before = await rowCounts(k);
    const cases: [string, string, unknown][] = [
      ['post', `${API}/items`, { fk: { project: p._id } }],
      ['post', `${API}/items`, { name: 'X' }],
      ['post', `${API}/items`, { name: 'X', fk: { project: unknownId } }],
      ['post', `${API}/items`, { name: 'X', fk: { project: 'pas-un-id' } }],
      ['post', `${API}/items`, { name: 'X', type: 'bug', fk: { project: p._id } }],
      ['post', `${API}/items`, { name: 'X', progress: 101, fk: { project: p._id } }],
      ['post', `${API}/items`, { name: 'X', fk: { project: p._id, followers: [unknownId] } }],
      ['post', `${API}/items`, { name: 'X', taskLists: [{ uuid: 'a', name: 'L' }, { uuid: 'a', name: 'M' }], fk: { project: p._id } }],
      ['put', `${API}/items/${item._id}/tasks/${item.taskLists[0].tasks[0].uuid}`, { progress: -1 }],
      ['put', `${API}/items/${item._id}/tasks/${item.taskLists[0].tasks[0].uuid}`, { progress: 'beaucoup' }],
      ['post', `${API}/items/${item._id}/move`, { status: 'perdu' }],
      ['put', `${API}/items/${item._id}`, { fk: { project: unknownId } }],
      ['post', `${API}/projects`, { name: '' }],
      ['post', `${API}/projects`, { name: 'P', hourlyRate: -5 }],
      ['post', `${API}/user-settings`, { fk: { project: p._id } }],
      ['post', `${API}/user-settings`, { fk: { project: p._id, user: k.admin.userId, team: unknownId } }],
      ['post', `${API}/comments`, { description: '', fk: { item: item._id } }],
      ['post', `${API}/comments`, { description: 'Bonjour', fk: { item: item._id, customers: [unknownId] } }],
      ['post', `${API}/interventions`, { title: 'Visite' }],
      ['post', `${API}/interventions`, { title: 'Visite', fk: { customer: unknownId } }],
      ['post', `${API}/working-times`, { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T09:00:00.000Z', fk: { project: p._id } }],
      ['post', `${API}/working-times`, { start: 'hier', end: '2026-12-01T09:00:00.000Z', fk: { project: p._id } }],
      ['post', `${API}/working-times/invoice`, { workingTimes: [], customer: unknownId }],
      ['get', `${API}/items/pas-un-id`, undefined],
      ['get', `${API}/items`, { query: { filters: '{"inconnu":{"mode":"eq","value":1}}' } }],
    ];
    for (const [method, url, body] of cases) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test client's methods by name
      const res = await (k.http as any)[method](url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).to.be.within(400, 404);
      expect(res.body.message, url).to.be.a('string').and.match(/[a-zàâçéèêëîïôûùüÿœ]/i);
    }
    expect((await k.http.put(`${API}/items/${item._id}/tasks/inconnue`, { progress: 5 })).body.message).to.equal('Tâche introuvable.');
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('le widget « Mes tâches » de l’accueil compte les éléments ouverts où l’on travaille', async () => {
    const p = await createProject(k.http);
    await createItem(k.http, p._id, { name: 'En retard', deadLine: '2020-01-01T00:00:00.000Z', fk: { project: p._id, workers: [k.admin.userId] } });
    await createItem(k.http, p._id, { name: 'Finie', validated: true, accepted: true });
    const mine = await ok(k.http.get(`${API}/items/mine`));
    const names = mine.data.map((i: ProjectItem) => i.name);
    expect(names).to.include('En retard');
    expect(names).not.to.include('Finie');
    const dashboard = await ok(k.http.get('/api/kernel/dashboard'));
    const widget = dashboard.widgets.find((w: { id: string }) => w.id === 'projects.my-tasks');
    expect(widget.title).to.equal('Mes tâches');
    const figures = Object.fromEntries(widget.content.figures.map((f: { label: string; value: string }) => [f.label, f.value]));
    expect(figures['En cours']).to.equal(String(names.length));
    expect(Number(figures['En retard'])).to.be.at.least(1);
  });

  it('les données d’une autre entreprise restent invisibles (404)', async () => {
    const p = await createProject(k.http);
    const item = await createItem(k.http, p._id);
    const created = await ok<{ _id: string }>(k.http.post('/api/kernel/companies', { name: 'Autre SARL' }), 201);
    const other = k.http.as(k.admin.token, created._id);
    expect((await other.get(`${API}/items/${item._id}`)).status).to.equal(404);
    expect((await other.post(`${API}/items`, { name: 'X', fk: { project: p._id } })).status).to.be.within(400, 404);
    expect((await other.put(`${API}/items/${item._id}/tasks/x`, { progress: 1 })).status).to.equal(404);
  });
});

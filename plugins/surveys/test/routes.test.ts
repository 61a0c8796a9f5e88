/**
 * The routes of « Questionnaires » end to end: surveys and their form checked, the public routes
 * (company header only, closed surveys, throttling), bad input everywhere as French 400s that
 * write nothing, the notification to the author, CSV and XLSX exports, answers sent together.
 */
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { TestKernel } from '@comptoir/sdk/testing';
import { ANSWERS, API, FORM, bootKernel, createSurvey, ok, publicHttp, rowCounts, unknownId } from './support.ts';

describe('surveys : routes', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('crée, lit, modifie et supprime un questionnaire avec ses réponses', async () => {
    const s = await createSurvey(k.http, { questionsResultsToShowInList: ['note'] });
    expect(s).to.include({ name: 'Satisfaction', sendNotification: false, questionsOnPageMode: 'standard', open: true, testResultsCount: 0, realResultsCount: 0 });
    expect(s.completedHtmlOnCondition).to.deep.equal([]);
    const updated = await ok(k.http.put(`${API}/surveys/${s._id}`, { questionsOnPageMode: 'questionPerPage', completedHtmlOnCondition: [{ expression: '{note} >= 4', html: '<p>Merci !</p>' }] }));
    expect(updated.questionsOnPageMode).to.equal('questionPerPage');
    await ok(publicHttp(k).post(`${API}/public/surveys/${s._id}/results`, { data: ANSWERS[0] }), 201);
    expect((await k.http.delete(`${API}/surveys/${s._id}`)).status).to.equal(204);
    expect((await k.http.get(`${API}/surveys/${s._id}`)).status).to.equal(404);
    for (const t of ['surveys_results', 'surveys_counters']) {
      const [{ n }] = await k.db(t).where({ fk_survey: s._id }).count({ n: '*' });
      expect(Number(n), t).to.equal(0);
    }
  });

  it('refuse un formulaire mal formé, en français, sans rien écrire', async () => {
    const before = await rowCounts(k);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'X', json: { title: 'sans pages' } }, /liste de pages/],
      [{ name: 'X', json: { pages: [{ elements: [{ type: 'text', name: 'a' }, { type: 'text', name: 'a' }] }] } }, /Deux questions portent le même nom : « a »/],
      [{ name: 'X', json: { pages: [{ elements: [{ type: 'text' }] }] } }, /sans nom/],
      [{ name: 'X', json: { pages: [{ elements: ['texte'] }] } }, /type/],
      [{ name: 'X', json: FORM, questionsResultsToShowInList: ['inconnue'] }, /Question inconnue dans les colonnes/],
      [{ name: '', json: FORM }, /name/],
      [{ name: 'X', questionsOnPageMode: 'tout' }, /questionsOnPageMode/],
      [{ name: 'X', realResultsCount: 12 }, /realResultsCount/],
      [{ name: 'X', completedHtmlOnCondition: [{ html: 'x' }] }, /expression/],
    ];
    for (const [body, message] of cases) {
      const res = await k.http.post(`${API}/surveys`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(`${res.body.message} ${JSON.stringify(res.body.details)}`).to.match(message);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('page publique : en-tête d’entreprise seul, questionnaire d’une autre entreprise, questionnaire fermé', async () => {
    const s = await createSurvey(k.http);
    const form = await ok(publicHttp(k).get(`${API}/public/surveys/${s._id}`));
    expect(form).to.deep.equal({ _id: s._id, name: 'Satisfaction', json: FORM, questionsOnPageMode: 'standard', completedHtmlOnCondition: [] });
    const noCompany = await publicHttp(k, null).get(`${API}/public/surveys/${s._id}`);
    expect(noCompany.status).to.equal(400);
    expect(noCompany.body.message).to.equal('En-tête AT-Company manquant : indiquez l’entreprise du questionnaire.');
    expect((await publicHttp(k, unknownId).get(`${API}/public/surveys/${s._id}`)).status).to.equal(404);
    expect((await publicHttp(k, 'pas-une-entreprise').get(`${API}/public/surveys/${s._id}`)).status).to.equal(400);
    expect((await publicHttp(k).get(`${API}/public/surveys/pas-un-id`)).status).to.equal(400);
    expect((await k.anonymous.get(`${API}/surveys`)).status).to.equal(401);
    await ok(k.http.put(`${API}/surveys/${s._id}`, { open: false }));
    const closed = await publicHttp(k).get(`${API}/public/surveys/${s._id}`);
    expect(closed.status).to.equal(409);
    expect(closed.body.message).to.equal('Ce questionnaire ne reçoit plus de réponses.');
    const refused = await publicHttp(k).post(`${API}/public/surveys/${s._id}/results`, { data: { note: 4 } });
    expect(refused.status).to.equal(409);
    // a member may still record an answer (a paper form typed in)
    await ok(k.http.post(`${API}/results`, { data: { note: 4 }, fk: { survey: s._id } }), 201);
  });

  it('refuse des réponses invalides (400 en français) sans rien écrire', async () => {
    const s = await createSurvey(k.http);
    const url = `${API}/public/surveys/${s._id}/results`;
    const before = await rowCounts(k);
    const cases: [unknown, RegExp][] = [
      [{ data: { note: 4, inconnue: 1 } }, /question inconnue : « inconnue »/],
      [{ data: { revenir: 'oui' } }, /La question « Votre note » est obligatoire/],
      [{ data: { note: 9 } }, /Réponse invalide à la question « Votre note »/],
      [{ data: { note: 4, revenir: 'parfois' } }, /Reviendrez-vous/],
      [{ data: { note: 4, points: 'accueil' } }, /Ce qui vous a plu/],
      [{ data: { note: 4, points: ['accueil', 'autre'] } }, /Ce qui vous a plu/],
      [{ data: { note: 4, recommande: 'oui' } }, /recommanderiez/],
      [{ data: { note: 4, qualite: { pain: 7 } } }, /Qualité/],
      [{ data: { note: 4, qualite: { four: 1 } } }, /Qualité/],
      [{ data: { note: 4, age: 'trente' } }, /Votre âge/],
      [{ data: { note: 4, 'points-Comment': 5 } }, /Ce qui vous a plu/],
      [{ data: { note: 4, pourquoi: 'x'.repeat(10_001) } }, /Pourquoi/],
      [{ data: 'texte' }, /data/],
      [{ data: { note: 4 }, testMode: true }, /testMode/],
      [{}, /data/],
    ];
    for (const [body, message] of cases) {
      const res = await publicHttp(k).post(url, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(`${res.body.message} ${JSON.stringify(res.body.details)}`).to.match(message);
    }
    const raw = await publicHttp(k).post(url, undefined, { raw: '{"data":', headers: { 'Content-Type': 'application/json' } });
    expect(raw.status).to.equal(400);
    // members' routes too
    for (const body of [{ data: { note: 4 } }, { data: { note: 4 }, fk: { survey: 'x' } }, { data: { note: 4 }, fk: { survey: unknownId } }]) {
      const res = await k.http.post(`${API}/results`, body);
      expect(res.status, JSON.stringify(body)).to.be.oneOf([400, 404]);
      expect(res.body.message).to.be.a('string');
    }
    for (const [url2, query] of [[`${API}/surveys/${s._id}/export`, { format: 'pdf' }], [`${API}/surveys/${s._id}/export`, { format: 'csv', autre: 1 }], [`${API}/surveys/${s._id}/statistics`, { testMode: 'oui' }], [`${API}/surveys`, { filters: '{' }], [`${API}/results`, { sort: { field: 'inconnu' } }]] as const) {
      const res = await k.http.get(url2, { query });
      expect(res.status, `${url2} ${JSON.stringify(query)}`).to.equal(400);
      expect(res.body.message).to.be.a('string');
    }
    for (const path of [`/surveys/pas-un-id`, `/surveys/pas-un-id/statistics`, `/results/pas-un-id`]) expect((await k.http.get(`${API}${path}`)).status).to.equal(400);
    for (const path of [`/surveys/${unknownId}`, `/surveys/${unknownId}/statistics`, `/results/${unknownId}`]) expect((await k.http.get(`${API}${path}`)).status).to.equal(404);
    expect((await k.http.delete(`${API}/results/${unknownId}`)).status).to.equal(404);
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('prévient l’auteur d’une nouvelle réponse quand le questionnaire le demande (pas en mode test)', async () => {
    const sent: Array<{ title: string; fk: { user: string | null } }> = [];
    const off = k.kernel.events.on('kernel.notification.sent', (e: { payload: { notifications: typeof sent } }) => { sent.push(...e.payload.notifications); });
    try {
      const quiet = await createSurvey(k.http);
      await ok(publicHttp(k).post(`${API}/public/surveys/${quiet._id}/results`, { data: { note: 3 } }), 201);
      const s = await createSurvey(k.http, { name: 'Avis clients', sendNotification: true });
      await ok(k.http.post(`${API}/results`, { data: { note: 3 }, testMode: true, fk: { survey: s._id } }), 201);
      await ok(publicHttp(k).post(`${API}/public/surveys/${s._id}/results`, { data: { note: 5 } }), 201);
      for (let i = 0; i < 50 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(sent).to.have.length(1);
      expect(sent[0].title).to.equal('Nouvelle réponse à « Avis clients »');
      expect(sent[0].fk.user).to.equal(k.admin.userId);
    } finally {
      off();
    }
  });

  it('exporte les réponses en CSV et en XLSX, libellés des choix et « Autre » compris', async () => {
    const s = await createSurvey(k.http, { name: 'Avis « été » 2026' });
    for (const data of ANSWERS.slice(0, 3)) await ok(publicHttp(k).post(`${API}/public/surveys/${s._id}/results`, { data }), 201);
    await ok(k.http.post(`${API}/results`, { data: { note: 1, pourquoi: '=1+1' }, testMode: true, fk: { survey: s._id } }), 201);
    const csv = await k.http.get(`${API}/surveys/${s._id}/export`, { query: { format: 'csv' } });
    expect(csv.status).to.equal(200);
    expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).to.match(/Avis-ete-2026\.csv/);
    const text = typeof csv.body === 'string' ? csv.body : new TextDecoder().decode(csv.body as ArrayBuffer);
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).to.have.length(4);
    expect(lines[0]).to.equal('Date de réponse;Votre note;Reviendrez-vous ?;Ce qui vous a plu;Nous recommanderiez-vous ?;Qualité;Pourquoi ?;Votre âge');
    expect(lines[1].split(';').slice(1)).to.deep.equal(['5', 'Oui', 'accueil, choix', 'Oui', 'Le pain : Excellente / Le service : Excellente', '', '30']);
    expect(lines[3]).to.contain('Autre : La terrasse');
    const test = await k.http.get(`${API}/surveys/${s._id}/export`, { query: { format: 'csv', testMode: 'true' } });
    const testText = typeof test.body === 'string' ? test.body : new TextDecoder().decode(test.body as ArrayBuffer);
    // a formula typed by a visitor stays text in a spreadsheet
    expect(testText).to.contain(";'=1+1;");

    const xlsx = await fetch(`${k.url}${API}/surveys/${s._id}/export?format=xlsx`, { headers: { Authorization: `Bearer ${k.admin.token}`, 'AT-Company': k.admin.companyId } });
    expect(xlsx.status).to.equal(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Réponses')!;
    expect(sheet.rowCount).to.equal(4);
    expect(sheet.getRow(1).getCell(3).value).to.equal('Reviendrez-vous ?');
    expect(sheet.getRow(2).getCell(2).value).to.equal(5);
    expect(sheet.getRow(4).getCell(4).value).to.equal('Autre : La terrasse');
    expect(sheet.getRow(2).getCell(1).value).to.be.instanceOf(Date);
  });

  it('compte juste des réponses envoyées ensemble (10 à la fois)', async () => {
    const s = await createSurvey(k.http);
    const answers = Array.from({ length: 10 }, (_, i) => ({ note: (i % 5) + 1, revenir: i % 2 ? 'oui' : 'non' }));
    const res = await Promise.all(answers.map((data) => publicHttp(k).post(`${API}/public/surveys/${s._id}/results`, { data })));
    expect(res.map((r) => r.status)).to.deep.equal(Array(10).fill(201));
    const stats = await ok(k.http.get(`${API}/surveys/${s._id}/statistics`));
    expect(stats.resultsCount).to.equal(10);
    const note = stats.statistics.find((x: { name: string }) => x.name === 'note');
    expect(note.data.map((d: { count: number }) => d.count)).to.deep.equal([2, 2, 2, 2, 2]);
    expect(note.average).to.equal(3);
    expect((await ok(k.http.get(`${API}/surveys/${s._id}`))).realResultsCount).to.equal(10);
  });

  it('limite les réponses d’une même adresse à un questionnaire (429 avec Retry-After)', async () => {
    const s = await createSurvey(k.http);
    const url = `${API}/public/surveys/${s._id}/results`;
    for (let i = 0; i < 20; i++) await ok(publicHttp(k).post(url, { data: { note: 4 } }), 201);
    const refused = await publicHttp(k).post(url, { data: { note: 4 } });
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('RATE_LIMITED');
    expect(refused.body.message).to.match(/^Trop de requêtes depuis cette adresse\. Réessayez dans/);
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await ok(k.http.get(`${API}/surveys/${s._id}`))).realResultsCount).to.equal(20);
    // another survey has its own counter
    const other = await createSurvey(k.http);
    await ok(publicHttp(k).post(`${API}/public/surveys/${other._id}/results`, { data: { note: 4 } }), 201);
  });
});

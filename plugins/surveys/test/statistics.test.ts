/**
 * Statistics on a fixed set of answers (issue 19 « Done means »): every counter checked against a
 * count made by hand; test answers kept apart; a deleted answer taken out; a rebuild from the
 * answers gives the same counters as the incremental ones.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { SurveyStatistics, SurveyStatisticsAnswer } from '../schemas/index.ts';
import { ANSWERS, API, bootKernel, createSurvey, ok, publicHttp } from './support.ts';

const byName = (a: SurveyStatisticsAnswer) => Object.fromEntries(a.statistics.map((s) => [s.name, s])) as Record<string, SurveyStatistics>;
const counts = (s: SurveyStatistics) => Object.fromEntries(s.data.map((d) => [d.value, d.count]));

describe('surveys : statistiques sur un jeu de réponses fixe', function () {
  this.timeout(60000);
  let k: TestKernel;
  let surveyId: string;

  before(async () => {
    k = await bootKernel();
    surveyId = (await createSurvey(k.http))._id;
    for (const data of ANSWERS) await ok(publicHttp(k).post(`${API}/public/surveys/${surveyId}/results`, { data }), 201);
    // two answers in test mode (the editor's preview): never in the real statistics
    for (const data of [{ note: 1, revenir: 'non', pourquoi: 'Essai' }, { note: 1 }]) {
      await ok(k.http.post(`${API}/results`, { data, testMode: true, fk: { survey: surveyId } }), 201);
    }
  });

  after(async () => { await k?.stop(); });

  it('compte chaque choix, chaque ligne de matrice, les moyennes et les totaux', async () => {
    const stats = await ok<SurveyStatisticsAnswer>(k.http.get(`${API}/surveys/${surveyId}/statistics`));
    expect(stats.resultsCount).to.equal(5);
    expect(stats.testMode).to.equal(false);
    const s = byName(stats);
    expect(s.note).to.include({ type: 'rating', display: 'average', totalAnswersCount: 5, average: 3.8, parentUUID: null });
    expect(counts(s.note)).to.deep.equal({ 1: 0, 2: 1, 3: 1, 4: 1, 5: 2 });
    expect(counts(s.revenir)).to.deep.equal({ oui: 3, non: 1 });
    expect(s.revenir.totalAnswersCount).to.equal(4);
    expect(s.revenir.data.map((d) => d.label)).to.deep.equal(['Oui', 'Non']);
    expect(counts(s.points)).to.deep.equal({ accueil: 2, prix: 1, choix: 1, other: 1 });
    expect(s.points.data.find((d) => d.value === 'other')?.label).to.equal('Autre');
    expect(s.points.totalAnswersCount).to.equal(4);
    expect(counts(s.recommande)).to.deep.equal({ true: 3, false: 1 });
    expect(s.recommande.data.map((d) => d.label)).to.deep.equal(['Oui', 'Non']);
    expect(s.pourquoi).to.include({ display: 'list', totalAnswersCount: 1 });
    expect(s.age).to.include({ display: 'average', totalAnswersCount: 3, average: 32 });
    // the matrix: its columns summed over rows, and one child per row with its second-level counters
    expect(s.qualite).to.include({ display: 'matrix', totalAnswersCount: 4 });
    expect(counts(s.qualite)).to.deep.equal({ 1: 1, 2: 2, 3: 3 });
    expect(s.qualite.secondLevelCounters?.pain.map((d) => d.count)).to.deep.equal([1, 1, 1]);
    expect(s.qualite.secondLevelCounters?.service.map((d) => d.count)).to.deep.equal([0, 1, 2]);
    const pain = s['qualite.pain'];
    expect(pain).to.include({ parentUUID: s.qualite.uuid, childDescription: 'Le pain', totalAnswersCount: 3 });
    expect(s['qualite.service'].data.map((d) => d.label)).to.deep.equal(['Faible', 'Bonne', 'Excellente']);
    // every uuid is distinct and stable from one reading to the next
    const again = await ok<SurveyStatisticsAnswer>(k.http.get(`${API}/surveys/${surveyId}/statistics`));
    expect(again.statistics.map((x) => x.uuid)).to.deep.equal(stats.statistics.map((x) => x.uuid));
    expect(new Set(stats.statistics.map((x) => x.uuid)).size).to.equal(stats.statistics.length);
  });

  it('tient les réponses de test à part, dans les compteurs comme dans les statistiques', async () => {
    const survey = await ok(k.http.get(`${API}/surveys/${surveyId}`));
    expect(survey).to.include({ realResultsCount: 5, testResultsCount: 2 });
    const list = await ok(k.http.get(`${API}/surveys`));
    expect(list.data[0]).to.include({ realResultsCount: 5, testResultsCount: 2 });
    const test = await ok<SurveyStatisticsAnswer>(k.http.get(`${API}/surveys/${surveyId}/statistics`, { query: { testMode: 'true' } }));
    expect(test.resultsCount).to.equal(2);
    expect(counts(byName(test).note)).to.deep.equal({ 1: 2, 2: 0, 3: 0, 4: 0, 5: 0 });
    expect(byName(test).revenir.totalAnswersCount).to.equal(1);
  });

  it('retire une réponse supprimée des statistiques, et un recomptage retrouve les mêmes compteurs', async () => {
    const results = await ok(k.http.get(`${API}/results`, { query: { filters: { 'fk.survey': { mode: 'eq', value: surveyId, valueIsObjectId: true }, testMode: { mode: 'eq', value: false } }, sort: { field: '_id', ascending: true } } }));
    expect(results.count).to.equal(5);
    const first = results.data[0];
    expect(first.data.note).to.equal(5);
    expect((await k.http.delete(`${API}/results/${first._id}`)).status).to.equal(204);
    const after = await ok<SurveyStatisticsAnswer>(k.http.get(`${API}/surveys/${surveyId}/statistics`));
    expect(after.resultsCount).to.equal(4);
    const s = byName(after);
    expect(counts(s.note)).to.deep.equal({ 1: 0, 2: 1, 3: 1, 4: 1, 5: 1 });
    expect(s.note.average).to.equal(3.5);
    expect(counts(s.qualite)).to.deep.equal({ 1: 1, 2: 2, 3: 1 });
    const incremental = await k.db('surveys_counters').where({ fk_survey: surveyId }).orderBy('testMode').select('testMode', 'resultsCount', 'counters');
    expect(await ok(k.http.post(`${API}/surveys/${surveyId}/statistics/rebuild`))).to.deep.equal({ real: 4, test: 2 });
    const rebuilt = await k.db('surveys_counters').where({ fk_survey: surveyId }).orderBy('testMode').select('testMode', 'resultsCount', 'counters');
    const parse = (rows: { counters: unknown }[]) => rows.map((r) => ({ ...r, counters: typeof r.counters === 'string' ? JSON.parse(r.counters) : r.counters }));
    expect(parse(rebuilt)).to.deep.equal(parse(incremental));
  });
});

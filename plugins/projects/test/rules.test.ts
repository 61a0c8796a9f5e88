/**
 * The plain rules of « Projets » (README « Rights », « Progress », « Invoicing »), tested directly:
 * no HTTP, no database.
 */
import { expect } from 'chai';
import type { Project, ProjectItem, ProjectUserSettings } from '../schemas/index.ts';
import { resolveRights } from '../server/services/rights/resolve.ts';
import { listProgress, roundedAverage, withProgress } from '../server/services/items/progress.ts';
import { durationText, hoursOf, minutesBetween, timeLines } from '../server/services/time/durations.ts';
import { itemStatus } from '../server/entities.ts';

const P = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const project = { _id: P, defaultCanSubmitIdeas: true, defaultCanValidateIdeas: false, defaultCanSubmitIssue: true, defaultCanValidateIssue: false } as Project;
const NONE = { canSubmitIdeas: false, canValidateIdeas: false, canSubmitIssue: false, canValidateIssue: false };
let n = 0;
const setting = (order: number, fk: Partial<ProjectUserSettings['fk']>, rights: Partial<typeof NONE> = {}) =>
  ({ _id: `bbbbbbbbbbbbbbbbbbbbbb${String(++n).padStart(2, '0')}`, order, fk: { company: 'c', project: P, ...fk }, ...NONE, ...rights }) as ProjectUserSettings;

describe('projects : droits sur un projet', () => {
  const alice = { userId: 'u-alice', teamIds: ['t-compta'] };

  it('sans réglage qui la concerne, une personne a les droits par défaut du projet (spec §9)', () => {
    const r = resolveRights(project, [setting(0, { user: 'u-bob' }, { canValidateIdeas: true })], alice);
    expect(r).to.include({ canSubmitIdeas: true, canValidateIdeas: false, canSubmitIssue: true, canValidateIssue: false, source: 'project' });
  });

  it('un réglage de l’utilisateur remplace les quatre droits, même ceux qu’il laisse à faux', () => {
    const r = resolveRights(project, [setting(0, { user: 'u-alice' }, { canValidateIdeas: true })], alice);
    expect(r).to.include({ canSubmitIdeas: false, canValidateIdeas: true, canSubmitIssue: false, canValidateIssue: false, source: 'user' });
  });

  it('un réglage d’une de ses équipes s’applique aussi', () => {
    const r = resolveRights(project, [setting(0, { team: 't-compta' }, { canSubmitIssue: true, canValidateIssue: true })], alice);
    expect(r).to.include({ canSubmitIdeas: false, canSubmitIssue: true, canValidateIssue: true, source: 'team' });
  });

  it('le premier réglage par ordre l’emporte, qu’il soit d’équipe ou personnel', () => {
    const team = setting(1, { team: 't-compta' }, { canValidateIdeas: true });
    const user = setting(2, { user: 'u-alice' }, { canSubmitIdeas: true });
    expect(resolveRights(project, [user, team], alice)).to.include({ source: 'team', canValidateIdeas: true, canSubmitIdeas: false });
    const userFirst = setting(0, { user: 'u-alice' }, { canSubmitIdeas: true });
    expect(resolveRights(project, [team, userFirst], alice)).to.include({ source: 'user', canSubmitIdeas: true, canValidateIdeas: false });
  });

  it('à ordre égal, le réglage le plus ancien (le plus petit identifiant) l’emporte', () => {
    const older = setting(5, { team: 't-compta' }, { canSubmitIdeas: true });
    const newer = setting(5, { user: 'u-alice' }, { canValidateIssue: true });
    expect(resolveRights(project, [newer, older], alice).settingId).to.equal(older._id);
  });

  it('les réglages d’un autre projet ou d’une équipe dont elle n’est pas sont ignorés', () => {
    const other = { ...setting(0, { user: 'u-alice' }, { canValidateIdeas: true }), fk: { company: 'c', project: 'autre', user: 'u-alice' } } as ProjectUserSettings;
    const r = resolveRights(project, [other, setting(0, { team: 't-vente' }, { canValidateIdeas: true })], alice);
    expect(r.source).to.equal('project');
  });

  it('un gestionnaire a tous les droits, quels que soient les réglages', () => {
    expect(resolveRights(project, [setting(0, { user: 'u-alice' })], { ...alice, manager: true })).to.deep.equal({
      canSubmitIdeas: true, canValidateIdeas: true, canSubmitIssue: true, canValidateIssue: true, source: 'manager',
    });
  });
});

describe('projects : avancement (moyennes arrondies)', () => {
  it('arrondit à l’entier le plus proche, les moitiés vers le haut, sans flottant', () => {
    expect(roundedAverage([])).to.equal(0);
    expect(roundedAverage([0, 100, 0])).to.equal(33); // 33,33…
    expect(roundedAverage([100, 100, 0])).to.equal(67); // 66,67
    expect(roundedAverage([33, 34])).to.equal(34); // 33,5 → 34
    expect(roundedAverage([0, 1])).to.equal(1); // 0,5 → 1
    expect(roundedAverage([50])).to.equal(50);
  });

  it('une liste avec des tâches a la moyenne de ses tâches ; sans tâche elle garde la sienne', () => {
    expect(listProgress({ tasks: [{ uuid: 'a', name: 'a', progress: 100 }, { uuid: 'b', name: 'b', progress: 25 }], progress: 0 })).to.equal(63);
    expect(listProgress({ tasks: [], progress: 40 })).to.equal(40);
  });

  const item = (auto: boolean, progress = 10) => ({
    autoProgressWithTasks: auto, progress,
    taskLists: [
      { uuid: 'l1', name: 'Décor', progress: 0, tasks: [{ uuid: 't1', name: 'a', progress: 100 }, { uuid: 't2', name: 'b', progress: 0 }, { uuid: 't3', name: 'c', progress: 0 }] },
      { uuid: 'l2', name: 'Produits', progress: 0, tasks: [{ uuid: 't4', name: 'd', progress: 100 }] },
    ],
  }) as Pick<ProjectItem, 'taskLists' | 'progress' | 'autoProgressWithTasks'>;

  it('un élément suit la moyenne arrondie de ses listes (pas de ses tâches) quand autoProgressWithTasks', () => {
    const computed = withProgress(item(true));
    expect(computed.taskLists.map((l) => l.progress)).to.deep.equal([33, 100]);
    // (33 + 100) / 2 = 66,5 → 67 ; la moyenne des tâches serait 50
    expect(computed.progress).to.equal(67);
  });

  it('sans autoProgressWithTasks, ou sans liste, l’avancement saisi reste', () => {
    expect(withProgress(item(false, 10)).progress).to.equal(10);
    expect(withProgress(item(false, 10)).taskLists[0].progress).to.equal(33);
    expect(withProgress({ autoProgressWithTasks: true, progress: 20, taskLists: [] }).progress).to.equal(20);
  });

  it('la colonne du tableau vient des drapeaux : archivé, sinon validé, sinon accepté, sinon proposé', () => {
    expect(itemStatus({})).to.equal('submitted');
    expect(itemStatus({ accepted: true })).to.equal('accepted');
    expect(itemStatus({ accepted: true, validated: true })).to.equal('validated');
    expect(itemStatus({ validated: true, archived: true })).to.equal('archived');
  });
});

describe('projects : temps passé et lignes de facture', () => {
  it('compte les minutes entières entre début et fin', () => {
    expect(minutesBetween('2026-12-01T09:00:00.000Z', '2026-12-01T10:30:59.000Z')).to.equal(90);
    expect(minutesBetween('2026-12-01T09:00:00.000Z', '2026-12-01T09:00:59.000Z')).to.equal(0);
    expect(durationText(185)).to.equal('3 h 05');
    expect(durationText(45)).to.equal('45 min');
  });

  it('heures au centième, moitiés vers le haut', () => {
    expect(hoursOf(90)).to.equal(1.5);
    expect(hoursOf(20)).to.equal(0.33);
    expect(hoursOf(1)).to.equal(0.02); // 0,01666… → 0,02
  });

  it('une ligne par élément au taux du projet, les périodes additionnées', () => {
    const lines = timeLines([
      { minutes: 60, label: 'Vitrine — Décor', hourlyRate: 45, vat: 20 },
      { minutes: 30, label: 'Vitrine — Décor', hourlyRate: '45.00', vat: 20 },
      { minutes: 20, label: 'Vitrine', hourlyRate: 50, vat: 20 },
    ]);
    expect(lines).to.deep.equal([
      { type: 'service', labelPrimary: 'Vitrine — Décor', labelSecondary: 'Temps passé : 1 h 30 (2 périodes)', quantity: 1.5, exclTaxesPrice: 45, vat: 20 },
      { type: 'service', labelPrimary: 'Vitrine', labelSecondary: 'Temps passé : 20 min (1 période)', quantity: 0.33, exclTaxesPrice: 50, vat: 20 },
    ]);
  });
});

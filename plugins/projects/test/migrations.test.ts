/** The migration snapshot against the entity schemas, one running timer per user in the table itself, and `down` undoes `up`. */
import { expect } from 'chai';
import { migrationRoundTrip, missingColumns, type TestKernel } from '@comptoir/sdk/testing';
import { Comments, Interventions, Items, Projects, Teams, UserSettings, WorkingTimes } from '../server/entities.ts';
import { projects } from '../server/migrations/20261205100000_projects.ts';
import { bootKernel } from './support.ts';

const ENTITIES = [Projects, Teams, UserSettings, Items, WorkingTimes, Comments, Interventions];

describe('projects : migrations', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a une colonne pour chaque champ de ses entités', async () => {
    expect(await missingColumns(k.db, ENTITIES)).to.deep.equal([]);
  });

  it('refuse deux chronomètres en cours pour le même utilisateur, pas deux temps terminés', async () => {
    const row = (id: string, runningUser: string | null) => ({
      _id: id, fk_company: '65f0c0ffee0000000000cccc', start: '2026-01-01T00:00:00.000Z', minutes: 0, starRate: 0, runningUser,
      fk_project: '65f0c0ffee0000000000dddd', fk_user: '65f0c0ffee0000000000eeee',
      metadata_creationDate: '2026-01-01T00:00:00.000Z', metadata_lastModificationDate: '2026-01-01T00:00:00.000Z',
    });
    await k.db('projects_working_times').insert([row('65f0c0ffee0000000000a001', null), row('65f0c0ffee0000000000a002', null)]);
    await k.db('projects_working_times').insert(row('65f0c0ffee0000000000a003', '65f0c0ffee0000000000eeee'));
    let refused = false;
    try { await k.db('projects_working_times').insert(row('65f0c0ffee0000000000a004', '65f0c0ffee0000000000eeee')); } catch { refused = true; }
    expect(refused).to.equal(true);
    await k.db('projects_working_times').where('fk_company', '65f0c0ffee0000000000cccc').delete();
  });

  it('défait et refait ses tables', async () => {
    expect(await migrationRoundTrip(k.db, ENTITIES, [projects])).to.deep.equal({ tablesLeft: [], missing: [] });
  });
});

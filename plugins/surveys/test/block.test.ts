/**
 * The « Questionnaire » block of the websites (extension point `websites.blocks`): offered in the
 * editor's catalogue, and drawn with the survey's name and a link to its public page — or a
 * French notice for a survey that is closed, unknown or of another company.
 */
import { expect } from 'chai';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import { blockContributions } from '../server/services/public/block.ts';
import { API, bootKernel, createSurvey, ok, pluginDir, unknownId, websitesDir } from './support.ts';

describe('surveys : bloc de site web', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => { k = await bootKernel([websitesDir, pluginDir]); });
  after(async () => { await k?.stop(); });

  it('figure au catalogue des blocs et mène à la page publique du questionnaire', async () => {
    const types = await ok(k.http.get('/api/websites/block-types'));
    const list = (Array.isArray(types) ? types : types.data) as { identifier: string; name: string }[];
    const block = list.find((t) => t.identifier === 'surveys.survey-form');
    expect(block?.name).to.equal('Questionnaire');

    const s = await createSurvey(k.http, { name: 'Votre avis <compte>', description: 'Deux minutes & merci' });
    const render = blockContributions[0].value.render;
    const place = { companyId: k.admin.companyId, websiteId: unknownId, path: '/', query: {}, now: new Date() };
    const draw = (settings: Record<string, unknown>) => k.kernel.asSystem(k.admin.companyId, (ctx: CallContext) => Promise.resolve(render(ctx, settings, place)), 'surveys');
    const drawn: string = await draw({ survey: s._id, buttonLabel: 'Répondre' });
    expect(drawn).to.contain('<h2>Votre avis &lt;compte&gt;</h2>');
    expect(drawn).to.contain('Deux minutes &amp; merci');
    expect(drawn).to.contain(`href="/plugins/surveys/public/answer.html?company=${k.admin.companyId}&amp;survey=${s._id}"`);
    expect(drawn).to.contain('>Répondre</a>');
    await ok(k.http.put(`${API}/surveys/${s._id}`, { open: false }));
    expect(await draw({ survey: s._id })).to.contain('Ce questionnaire n’est pas disponible.');
    expect(await draw({ survey: unknownId })).to.contain('Ce questionnaire n’est pas disponible.');
    expect(await draw({ survey: 'pas-un-id' })).to.contain('Ce questionnaire n’est pas disponible.');
  });
});

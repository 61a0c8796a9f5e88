/** Queues over HTTP: node types, CRUD, graph validation with French messages naming the node. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { n, line } from './support.ts';

const pluginDir = path.resolve(import.meta.dirname, '..');
const base = '/api/process-queues';

describe('process-queues : files et validation', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });
  after(async () => {
    await k?.stop();
  });

  it('liste les types de nœuds des extensions, avec leurs sorties et le schéma de leur configuration', async () => {
    const res = await k.http.get(`${base}/node-types`, { query: { typeIdentifier: 'general' } });
    expect(res.status).to.equal(200);
    const ids = res.body.data.map((t: { identifier: string }) => t.identifier);
    expect(ids[0]).to.equal('process-queues.start');
    expect(ids).to.include.members(['process-queues.condition', 'process-queues.wait', 'process-queues.end', 'process-queues.set-variable']);
    const condition = res.body.data.find((t: { identifier: string }) => t.identifier === 'process-queues.condition');
    expect(condition.exits.map((e: { id: string }) => e.id)).to.deep.equal(['yes', 'no']);
    expect(condition.configurationSchema.properties.field.title).to.equal('Nom du champ');
    expect(res.body.data.find((t: { identifier: string }) => t.identifier === 'process-queues.wait').pauseAndPlay).to.equal(true);
    expect(res.body.queueTypes).to.include('general');
  });

  it('crée une file avec les valeurs par défaut de la spécification, la modifie et la supprime', async () => {
    const created = await k.http.post(`${base}/queues`, { name: 'Accueil', typeIdentifier: 'general', plugins: [n('a', 'start', { main: 'b' }), n('b', 'wait', { main: null })] });
    expect(created.status).to.equal(201);
    expect(created.body.activated).to.equal(true);
    const [a, b] = created.body.plugins;
    expect(a.position).to.deep.equal({ x: 50, y: 50 });
    expect(a.displaySettings).to.include({ inputPosition: 'top', exitsPosition: 'bottom', showIcon: true, separator: true, exitLabel: true });
    expect(a.displaySettings.hiddenExits).to.deep.equal([]);
    expect(a).to.include({ ending: false, pauseAndPlay: false });
    // copied from the type, whatever the client says
    expect(b.pauseAndPlay).to.equal(true);
    const id = created.body._id;
    const updated = await k.http.put(`${base}/queues/${id}`, { activated: false, plugins: [n('a', 'start', { main: 'c' }), { ...n('c', 'end'), pauseAndPlay: true }] });
    expect(updated.status).to.equal(200);
    expect(updated.body.activated).to.equal(false);
    expect(updated.body.plugins[1]).to.include({ ending: true, pauseAndPlay: false });
    expect((await k.http.get(`${base}/queues`, { query: { filters: { name: { value: 'accueil' } } } })).body.count).to.equal(1);
    expect((await k.http.delete(`${base}/queues/${id}`)).status).to.equal(204);
    expect((await k.http.get(`${base}/queues/${id}`)).status).to.equal(404);
  });

  it('refuse un corps invalide en français (400) sans rien écrire', async () => {
    const before = (await k.http.get(`${base}/queues`)).body.count;
    const cases = [
      { name: '', typeIdentifier: 'general' },
      { name: 'X', typeIdentifier: 'inconnu' },
      { name: 'X', typeIdentifier: 'general', plugins: [{ uuid: 'a' }] },
      { name: 'X', typeIdentifier: 'general', plugins: [{ ...n('a', 'start'), exits: { main: 'pas un uuid !' } }] },
      { name: 'X', typeIdentifier: 'general', plugins: 'rien' },
      { name: 'X', typeIdentifier: 'general', inconnu: true },
    ];
    for (const body of cases) {
      const res = await k.http.post(`${base}/queues`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.message).to.match(/[a-zé]/);
    }
    expect((await k.http.get(`${base}/queues`)).body.count).to.equal(before);
    expect((await k.http.post(`${base}/queues/pas-un-id/validate`)).status).to.equal(400);
    expect((await k.http.post(`${base}/queues/0123456789abcdef01234567/validate`)).status).to.equal(404);
  });

  const validate = async (plugins: unknown[]) => {
    const res = await k.http.post(`${base}/validate`, { typeIdentifier: 'general', plugins });
    expect(res.status).to.equal(200);
    return res.body as { valid: boolean; errors: { node: string | null; code: string; message: string }[]; warnings: { code: string; message: string }[] };
  };

  it('valide une file correcte, et signale les sorties non reliées', async () => {
    const report = await validate(line(20));
    expect(report).to.deep.include({ valid: true, errors: [] });
    const open = await validate([n('a', 'start', { main: 'b' }), n('b', 'condition', { yes: 'c' }, { field: 'x' }, 'Client connu ?'), n('c', 'end')]);
    expect(open.valid).to.equal(true);
    expect(open.warnings.map((w) => w.message)).to.deep.equal(['La sortie « Non » du nœud « Client connu ? » n’est reliée à rien : le traitement s’arrête là.']);
    // a hidden exit is not reported
    const hidden = await validate([n('a', 'start', { main: 'b' }), { ...n('b', 'condition', { yes: 'c' }, { field: 'x' }), displaySettings: { hiddenExits: ['no'] } }, n('c', 'end')]);
    expect(hidden.warnings).to.deep.equal([]);
  });

  it('refuse un graphe sans départ, à deux départs, à sortie vers un nœud absent, à nœud inatteignable ou à boucle sans pause, en nommant le nœud', async () => {
    const none = await validate([n('b', 'end', {}, {}, 'Au revoir')]);
    expect(none.valid).to.equal(false);
    expect(none.errors).to.deep.include({ node: null, code: 'no-starter', message: 'La file n’a pas de nœud de départ : ajoutez un nœud « Départ ».' });

    const two = await validate([n('a', 'start', { main: 'c' }, {}, 'Entrée 1'), n('b', 'start', { main: 'c' }, {}, 'Entrée 2'), n('c', 'end')]);
    expect(two.errors.map((e) => [e.node, e.message])).to.deep.include(['b', 'La file a plusieurs nœuds de départ : « Entrée 1 » et « Entrée 2 ». Gardez-en un seul.']);

    const missing = await validate([n('a', 'start', { main: 'zz' }, {}, 'Entrée')]);
    expect(missing.errors.map((e) => [e.node, e.message])).to.deep.include(['a', 'La sortie « Suite » du nœud « Entrée » mène à un nœud qui n’existe pas (« zz »).']);

    const unreachable = await validate([n('a', 'start', { main: 'b' }, {}, 'Entrée'), n('b', 'end'), n('c', 'set-variable', { main: 'b' }, { name: 'x' }, 'Oublié')]);
    expect(unreachable.errors.map((e) => [e.node, e.message])).to.deep.equal([['c', 'Le nœud « Oublié » ne peut pas être atteint depuis le départ « Entrée ».']]);

    const loop = await validate([
      n('a', 'start', { main: 'b' }), n('b', 'set-variable', { main: 'c' }, { name: 'x' }, 'Compter'),
      n('c', 'condition', { yes: 'd', no: 'b' }, { field: 'x' }, 'Assez ?'), n('d', 'end'),
    ]);
    expect(loop.errors.map((e) => [e.node, e.code, e.message])).to.deep.equal([
      ['b', 'cycle-without-pause', 'Le nœud « Compter » est dans une boucle sans pause (Compter → Assez ? → Compter) : le traitement y tournerait sans fin ; ajoutez un nœud qui attend.'],
    ]);
    const self = await validate([n('a', 'start', { main: 'b' }), n('b', 'set-variable', { main: 'b' }, { name: 'x' }, 'Moi')]);
    expect(self.errors.map((e) => e.code)).to.deep.equal(['cycle-without-pause']);
    // the same loop through a waiting node is allowed
    const paused = await validate([
      n('a', 'start', { main: 'b' }), n('b', 'wait', { main: 'c' }), n('c', 'condition', { yes: 'd', no: 'b' }, { field: 'x' }), n('d', 'end'),
    ]);
    expect(paused.errors).to.deep.equal([]);
  });

  it('refuse un type inconnu, une sortie que le type n’a pas et une configuration invalide, en nommant le nœud', async () => {
    const report = await validate([
      n('a', 'start', { main: 'b', autre: 'b' }, {}, 'Entrée'),
      n('b', 'condition', { yes: 'c', no: 'c' }, { operator: 'plus-grand' }, 'Test'),
      n('c', 'pbx.hang-up', {}, {}, 'Raccrocher'),
    ]);
    const messages = report.errors.map((e) => e.message);
    expect(messages).to.include('Le nœud « Entrée » a une sortie « autre » que son type « Départ » n’a pas.');
    expect(messages).to.include('Le nœud « Raccrocher » est d’un type inconnu « pbx.hang-up » : l’extension qui le fournit n’est pas installée.');
    expect(messages.filter((m) => m.startsWith('Configuration du nœud « Test » : '))).to.have.length(2);
    expect(messages.join('\n')).to.match(/« Nom du champ » : champ obligatoire/).and.match(/« Comparaison » : /);
  });

  it('valide une file enregistrée', async () => {
    const created = await k.http.post(`${base}/queues`, { name: 'Incomplète', typeIdentifier: 'general', activated: false, plugins: [n('x', 'end')] });
    const res = await k.http.post(`${base}/queues/${created.body._id}/validate`);
    expect(res.status).to.equal(200);
    expect(res.body.valid).to.equal(false);
    expect(res.body.errors[0].code).to.equal('no-starter');
  });
});

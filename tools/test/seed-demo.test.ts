/** `npm run seed-demo`: boots the kernel, seeds the demo company once; a second run finds it. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { DEMO_COMPANY, DEMO_LOGIN } from '../src/demo-company.ts';
import { childEnv, databaseEnv, removeDir, runTool, tmpDir, withDatabase } from './support.ts';

describe('tools : seed-demo', function () {
  this.timeout(60_000);
  let root: string;
  let db: ThrowawayDatabase;
  let env: NodeJS.ProcessEnv;

  const counts = () => withDatabase(db, async (k) => ({
    demoUsers: Number((await k('kernel_users').where({ email: DEMO_LOGIN.email }).count({ n: '*' }).first())?.n),
    users: Number((await k('kernel_users').count({ n: '*' }).first())?.n),
    companies: Number((await k('kernel_companies').where({ name: DEMO_COMPANY.name }).count({ n: '*' }).first())?.n),
  }));

  before(async () => {
    root = tmpDir('seed-demo');
    fs.mkdirSync(path.join(root, 'builtin'));
    db = await throwawayDatabase();
    env = childEnv({ ...databaseEnv(db), COMPTOIR_BUILTIN_PLUGINS: path.join(root, 'builtin') });
  });

  after(async () => {
    await db?.drop();
    removeDir(root);
  });

  it('crée l’entreprise de démonstration une fois, puis la retrouve sans rien changer', async () => {
    const first = await runTool('seed-demo', [], env);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.include(`Entreprise de démonstration créée : « ${DEMO_COMPANY.name} »`);
    expect(first.stdout).to.include(`Connexion : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    expect(await counts()).to.deep.equal({ demoUsers: 1, users: 1, companies: 1 });

    const second = await runTool('seed-demo', [], env);
    expect(second.code, second.stderr).to.equal(0);
    expect(second.stdout).to.include('Entreprise de démonstration déjà présente');
    expect(second.stdout).to.include('rien n’a été modifié');
    expect(await counts()).to.deep.equal({ demoUsers: 1, users: 1, companies: 1 });
  });

  it('s’arrête avec le code 1 et une phrase en français sur une configuration invalide', async () => {
    const res = await runTool('seed-demo', [], { ...env, PORT: 'quatre-vingts' });
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('Configuration invalide : PORT doit être un entier');
  });
});

import { expect } from 'chai';
import path from 'node:path';
import { loadConfig, ConfigError } from '../src/config.ts';

describe('configuration', () => {
  it('has the defaults of http README « Start-up »', () => {
    const c = loadConfig({}, '/srv/comptoir');
    expect(c.port).to.equal(3000);
    expect(c.host).to.equal('127.0.0.1');
    expect(c.dataDir).to.equal(path.resolve('/srv/comptoir/data'));
    expect(c.databaseUrl).to.equal(null);
    expect(c.pluginsPaths).to.deep.equal([]);
    expect(c.publicUrl).to.equal(null);
  });

  it('keeps the origin of COMPTOIR_PUBLIC_URL', () => {
    expect(loadConfig({ COMPTOIR_PUBLIC_URL: 'https://Comptoir.Exemple.fr:8443/' }).publicUrl).to.equal('https://comptoir.exemple.fr:8443');
  });

  it('reads plugin folders separated by the path delimiter', () => {
    const c = loadConfig({ COMPTOIR_PLUGINS_PATH: `a${path.delimiter}/abs/b` }, '/srv');
    expect(c.pluginsPaths).to.deep.equal(['/srv/a', '/abs/b']);
  });

  it('reads COMPTOIR_TRUST_PROXY as a number of proxies (off by default, true = 1)', () => {
    expect(loadConfig({}).trustProxy).to.equal(0);
    expect(loadConfig({ COMPTOIR_TRUST_PROXY: 'true' }).trustProxy).to.equal(1);
    expect(loadConfig({ COMPTOIR_TRUST_PROXY: 'false' }).trustProxy).to.equal(0);
    expect(loadConfig({ COMPTOIR_TRUST_PROXY: '2' }).trustProxy).to.equal(2);
  });

  const refusals: [Record<string, string>, RegExp][] = [
    [{ COMPTOIR_TRUST_PROXY: 'oui' }, /COMPTOIR_TRUST_PROXY doit être le nombre de serveurs mandataires/],
    [{ COMPTOIR_TRUST_PROXY: '11' }, /COMPTOIR_TRUST_PROXY/],
    [{ PORT: 'abc' }, /PORT doit être un entier entre 0 et 65535 \(reçu « abc »\)/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'postgres://x@y/z' }, /DATABASE_URL doit commencer par mysql:\/\//],
    [{ DATABASE_URL: 'pas une url' }, /DATABASE_URL n'est pas une adresse valide/],
    [{ DATABASE_URL: 'mysql://root@127.0.0.1:3306' }, /DATABASE_URL doit nommer la base/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ COMPTOIR_ADMIN_EMAIL: 'pas-un-email', COMPTOIR_ADMIN_PASSWORD: 'motdepasse' }, /COMPTOIR_ADMIN_EMAIL n'est pas une adresse e-mail/],
    [{ COMPTOIR_ADMIN_EMAIL: 'a@b.fr' }, /COMPTOIR_ADMIN_EMAIL et COMPTOIR_ADMIN_PASSWORD vont ensemble/],
    [{ COMPTOIR_ADMIN_EMAIL: 'a@b.fr', COMPTOIR_ADMIN_PASSWORD: 'court' }, /au moins 8 caractères/],
    [{ LOG_LEVEL: 'bavard' }, /LOG_LEVEL doit valoir/],
    [{ COMPTOIR_BODY_LIMIT: '-1' }, /COMPTOIR_BODY_LIMIT/],
    [{ COMPTOIR_PUBLIC_URL: 'comptoir.exemple.fr' }, /COMPTOIR_PUBLIC_URL doit être l’adresse du serveur/],
    [{ COMPTOIR_PUBLIC_URL: 'https://comptoir.exemple.fr/app' }, /COMPTOIR_PUBLIC_URL/],
    [{ COMPTOIR_PUBLIC_URL: 'javascript:alert(1)' }, /COMPTOIR_PUBLIC_URL/],
  ];
  for (const [env, message] of refusals) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }
});

/**
 * The file storage's configuration (server/src/storage/config.ts, through loadConfig): local disk
 * by default, S3 with its variables; a bad or missing value stops the start with a French sentence
 * naming the variable, never repeating a secret.
 */
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig, ConfigError } from '../src/config.ts';
import { describeStorage } from '../src/storage/config.ts';

const S3 = { COMPTOIR_STORAGE: 's3', COMPTOIR_S3_BUCKET: 'comptoir-fichiers' };

describe('configuration: file storage', function () {
  it('stores under DATA_DIR/files by default', function () {
    const c = loadConfig({ DATA_DIR: 'donnees' }, '/srv/comptoir');
    expect(c.storage).to.deep.equal({ kind: 'local', dir: path.resolve('/srv/comptoir/donnees/files') });
    expect(loadConfig({ COMPTOIR_STORAGE: 'LOCAL' }, '/srv').storage.kind).to.equal('local');
  });

  it('reads an S3 bucket with its defaults, and every variable', function () {
    expect(loadConfig(S3).storage).to.deep.equal({
      kind: 's3', bucket: 'comptoir-fichiers', region: 'us-east-1', endpoint: null, credentials: null, forcePathStyle: false, prefix: '',
    });
    const c = loadConfig({
      ...S3, COMPTOIR_S3_REGION: 'fr-par', COMPTOIR_S3_ENDPOINT: 'https://s3.fr-par.scw.cloud/', COMPTOIR_S3_ACCESS_KEY_ID: 'SCWABC',
      COMPTOIR_S3_SECRET_ACCESS_KEY: 'secret', COMPTOIR_S3_FORCE_PATH_STYLE: 'true', COMPTOIR_S3_PREFIX: '/clients/acme/',
    });
    expect(c.storage).to.deep.equal({
      kind: 's3', bucket: 'comptoir-fichiers', region: 'fr-par', endpoint: 'https://s3.fr-par.scw.cloud',
      credentials: { accessKeyId: 'SCWABC', secretAccessKey: 'secret' }, forcePathStyle: true, prefix: 'clients/acme/',
    });
    expect(describeStorage(c.storage)).to.equal('le seau S3 « comptoir-fichiers » (préfixe « clients/acme/ ») sur https://s3.fr-par.scw.cloud');
  });

  const refusals: [Record<string, string>, RegExp][] = [
    [{ COMPTOIR_STORAGE: 'nfs' }, /^Configuration invalide : COMPTOIR_STORAGE doit valoir local ou s3 \(reçu « nfs »\)\.$/],
    [{ COMPTOIR_STORAGE: 's3' }, /^Configuration invalide : COMPTOIR_S3_BUCKET est obligatoire avec COMPTOIR_STORAGE=s3/],
    [{ ...S3, COMPTOIR_S3_BUCKET: 'Mon_Seau' }, /COMPTOIR_S3_BUCKET doit être un nom de seau S3 .*\(reçu « Mon_Seau »\)/],
    [{ ...S3, COMPTOIR_S3_REGION: 'Paris 1' }, /COMPTOIR_S3_REGION doit être un nom de région/],
    [{ ...S3, COMPTOIR_S3_ENDPOINT: 's3.exemple.fr' }, /COMPTOIR_S3_ENDPOINT doit être l’adresse du service S3/],
    [{ ...S3, COMPTOIR_S3_ENDPOINT: 'https://s3.exemple.fr/seau' }, /COMPTOIR_S3_ENDPOINT/],
    [{ ...S3, COMPTOIR_S3_ENDPOINT: 'ftp://s3.exemple.fr' }, /COMPTOIR_S3_ENDPOINT/],
    [{ ...S3, COMPTOIR_S3_ACCESS_KEY_ID: 'ABC' }, /COMPTOIR_S3_ACCESS_KEY_ID et COMPTOIR_S3_SECRET_ACCESS_KEY vont ensemble/],
    [{ ...S3, COMPTOIR_S3_FORCE_PATH_STYLE: 'oui' }, /COMPTOIR_S3_FORCE_PATH_STYLE doit valoir true ou false \(reçu « oui »\)/],
    [{ ...S3, COMPTOIR_S3_PREFIX: '../autre' }, /COMPTOIR_S3_PREFIX doit être un chemin de segments/],
    [{ ...S3, COMPTOIR_S3_PREFIX: 'a//b' }, /COMPTOIR_S3_PREFIX/],
    [{ COMPTOIR_S3_BUCKET: 'comptoir' }, /^Configuration invalide : COMPTOIR_S3_BUCKET est définie mais COMPTOIR_STORAGE ne vaut pas s3 /],
    [{ COMPTOIR_STORAGE: 'local', COMPTOIR_S3_ENDPOINT: 'http://minio:9000', COMPTOIR_S3_BUCKET: 'b' }, /COMPTOIR_S3_BUCKET, COMPTOIR_S3_ENDPOINT sont définies/],
  ];
  for (const [env, message] of refusals) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, function () {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }

  it('never repeats the secret key in a refusal', function () {
    let message = '';
    try { loadConfig({ COMPTOIR_S3_SECRET_ACCESS_KEY: 'tres-secret' }); } catch (e) { message = (e as Error).message; }
    expect(message).to.match(/COMPTOIR_S3_SECRET_ACCESS_KEY est définie mais COMPTOIR_STORAGE ne vaut pas s3/);
    expect(message).to.not.include('tres-secret');
  });
});

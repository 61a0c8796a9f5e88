/**
 * The import rules of docs/architecture.md « Layers »: the rule function on chosen cases (each
 * rule can fail), then the whole repository, which must break none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { areaOf, importViolation, scanImports, schemasPackageViolations } from '../src/import-rules.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rule = (from: string, to: string) => importViolation(areaOf(from), areaOf(to));

describe('import rules (docs/architecture.md)', () => {
  it('machinery never imports the platform plugin, the composition or a plugin', () => {
    expect(rule('server/src/http/authenticate.ts', 'server/src/platform/services/sessions.ts')).to.equal('the machinery imports the platform');
    expect(rule('server/src/db/repository.ts', 'server/src/app/kernel.ts')).to.equal('the machinery imports the app');
    expect(rule('server/src/jobs/claims.ts', 'plugins/invoicing/server/entities.ts')).to.equal('the machinery imports a plugin');
    expect(rule('server/src/jobs/claims.ts', 'server/src/entities/platform.ts')).to.equal(null);
    expect(rule('server/src/platform/index.ts', 'server/src/notifications/notifier.ts')).to.equal(null);
    expect(rule('server/src/platform/index.ts', 'server/src/app/kernel.ts')).to.match(/composition/);
    expect(rule('server/src/app/kernel.ts', 'server/src/platform/index.ts')).to.equal(null);
  });

  it('a plugin reaches another only through its contract, and never the server', () => {
    expect(rule('plugins/purchases/server/services/deps.ts', 'plugins/invoicing/contract.ts')).to.equal(null);
    expect(rule('plugins/purchases/server/services/deps.ts', 'plugins/invoicing/server/services/compute.ts')).to.match(/private file/);
    expect(rule('plugins/purchases/test/fec.test.ts', 'plugins/invoicing/test/support.ts')).to.match(/private file/);
    expect(rule('examples/tip-jar/server/index.ts', 'plugins/invoicing/contract.ts')).to.equal(null);
    expect(rule('plugins/invoicing/contract.ts', 'plugins/invoicing/server/services/compute.ts')).to.match(/types and ids only/);
    expect(rule('plugins/invoicing/server/index.ts', 'server/src/db/repository.ts')).to.match(/use @comptoir\/sdk/);
    expect(rule('plugins/invoicing/test/races.test.ts', 'server/src/db/locks.ts')).to.match(/server internals/);
    expect(rule('plugins/invoicing/server/services/fec.ts', 'plugins/invoicing/contract.ts')).to.equal(null);
  });

  it('a plugin\'s schemas/ is its own, public through its contract only, and imports nothing but primitives', () => {
    expect(areaOf('plugins/invoicing/schemas/invoice.ts')).to.deep.equal({ kind: 'plugin', id: 'plugins/invoicing', part: 'schemas' });
    expect(rule('plugins/invoicing/server/entities.ts', 'plugins/invoicing/schemas/index.ts')).to.equal(null);
    expect(rule('plugins/invoicing/client/src/types.ts', 'plugins/invoicing/schemas/index.ts')).to.equal(null);
    expect(rule('plugins/invoicing/contract.ts', 'plugins/invoicing/schemas/index.ts')).to.equal(null);
    expect(rule('plugins/purchases/server/services/deps.ts', 'plugins/invoicing/schemas/invoice.ts')).to.match(/private file/);
    expect(rule('plugins/purchases/client/src/types.ts', 'plugins/invoicing/schemas/index.ts')).to.match(/private file/);
    expect(rule('test/support/sales.ts', 'plugins/invoicing/schemas/invoice.ts')).to.match(/through its contract/);
    expect(rule('tools/test/seed-demo.test.ts', 'plugins/invoicing/contract.ts')).to.equal(null);
    const schemasFile = areaOf('plugins/invoicing/schemas/invoice.ts');
    expect(rule('plugins/invoicing/schemas/invoice-template.ts', 'plugins/invoicing/schemas/invoice.ts')).to.equal(null);
    expect(importViolation(schemasFile, { kind: 'schemas' })).to.equal(null);
    expect(importViolation(schemasFile, { kind: 'package', name: '@sinclair/typebox' })).to.equal(null);
    expect(importViolation(schemasFile, { kind: 'package', name: 'decimal.js' })).to.match(/schemas\/ is data/);
    expect(importViolation(schemasFile, { kind: 'sdk' })).to.match(/schemas\/ is data/);
    expect(rule('plugins/invoicing/schemas/invoice.ts', 'plugins/invoicing/server/entities.ts')).to.match(/schemas\/ is data/);
    expect(rule('plugins/invoicing/schemas/invoice.ts', 'plugins/contacts/contract.ts')).to.match(/schemas\/ is data/);
  });

  it('the schemas package holds primitives only, no plugin\'s entities', () => {
    expect(schemasPackageViolations(ROOT)).to.deep.equal([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-schemas-'));
    try {
      for (const d of ['kernel', 'commerce', 'contacts']) fs.mkdirSync(path.join(dir, 'schemas', 'src', d), { recursive: true });
      for (const f of ['index.ts', 'kinds.ts']) fs.writeFileSync(path.join(dir, 'schemas', 'src', f), '');
      expect(schemasPackageViolations(dir)).to.have.length(1).and.to.match(/^schemas\/src\/contacts: not a primitive/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the SDK and the schemas import neither the server nor a plugin (the test kernel aside)', () => {
    expect(rule('sdk/src/crud.ts', 'server/src/db/repository.ts')).to.match(/sdk imports/);
    expect(rule('schemas/src/index.ts', 'plugins/contacts/contract.ts')).to.match(/schemas imports/);
    expect(rule('sdk/src/testing/index.ts', 'server/src/app/kernel.ts')).to.equal(null);
  });

  it('the repository breaks none of them', function () {
    this.timeout(60_000);
    const violations = scanImports(ROOT).map((v) => `${v.file} → ${v.imports}: ${v.rule}`);
    expect(violations).to.deep.equal([]);
  });
});

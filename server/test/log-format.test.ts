import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { readableMessage, resolvedLogFormat } from '../src/util/log-format.ts';
import { readableStream } from '../src/app/logger.ts';
import { loadConfig, ConfigError } from '../src/config.ts';

describe('log format (LOG_FORMAT)', () => {
  it('auto is readable on a terminal and JSON elsewhere; pretty and json are what they say', () => {
    expect(resolvedLogFormat('auto', true)).to.equal('pretty');
    expect(resolvedLogFormat('auto', false)).to.equal('json');
    expect(resolvedLogFormat('json', true)).to.equal('json');
    expect(resolvedLogFormat('pretty', false)).to.equal('pretty');
  });

  it('a request line reads as method, path, status and time; other lines keep their request id', () => {
    expect(readableMessage({ msg: 'request', method: 'GET', path: '/api/auth/me', status: 200, ms: 3, requestId: 'r-12345678' }))
      .to.equal('GET /api/auth/me 200 3 ms');
    expect(readableMessage({ msg: 'request failed', requestId: 'r-12345678' })).to.equal('request failed (requête r-12345678)');
    expect(readableMessage({ msg: 'plugin loaded', plugin: 'invoicing' })).to.equal('plugin loaded');
  });

  it('the readable stream writes one plain line per request, without the JSON', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    const log = pino({ base: undefined }, readableStream(out));
    log.child({ requestId: 'abcdef123456' }).info({ method: 'POST', path: '/api/invoicing/invoices', status: 201, ms: 14 }, 'request');
    await new Promise((r) => setImmediate(r));
    const text = chunks.join('');
    expect(text).to.match(/INFO.*POST \/api\/invoicing\/invoices 201 14 ms/);
    expect(text).not.to.contain('{');
    expect(text).not.to.contain('abcdef123456');
  });

  it('LOG_FORMAT is checked with a French message', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/tmp').logFormat).to.equal('json');
    expect(loadConfig({}, '/tmp').logFormat).to.equal('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, '/tmp')).to.throw(ConfigError, /LOG_FORMAT doit valoir auto, pretty, json/);
  });
});

/**
 * serviceRoutes: the route definitions it makes (what the router reads: method, path, permission,
 * schemas, status) and the calls their handlers make. The `@ts-expect-error` lines are the
 * compile-time half: `npx tsc` fails if one of them stops being an error.
 */
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { serviceRoutes } from '../src/service-routes.ts';
import type { RequestContext } from '../src/context.ts';
import type { RouteDefinition } from '../src/routes.ts';

const Body = Type.Object({ title: Type.String() }, { additionalProperties: false });
const NoBody = Type.Object({}, { additionalProperties: false });
const Query = Type.Object({ q: Type.Optional(Type.String()) });

interface Note { _id: string; title: string }

/** An in-memory service: records its calls, so the test sees the arguments the handler passed. */
function notesService(calls: unknown[][]) {
  return {
    create: async (input: { title: string }): Promise<Note> => { calls.push(['create', input]); return { _id: 'n1', ...input }; },
    update: async (id: string, input: { title: string }): Promise<Note> => { calls.push(['update', id, input]); return { _id: id, ...input }; },
    remove: async (id: string): Promise<string> => { calls.push(['remove', id]); return 'ignored'; },
    archive: async (...args: [id: string, options?: { force?: boolean }]): Promise<Note> => { calls.push(['archive', ...args]); return { _id: args[0], title: 'archivée' }; },
    move: async (id: string, lineId: string): Promise<string> => { calls.push(['move', id, lineId]); return `${id}/${lineId}`; },
    rename: async (title: string, id: string): Promise<Note> => { calls.push(['rename', title, id]); return { _id: id, title }; },
    search: async (q: string | undefined): Promise<string[]> => { calls.push(['search', q]); return [q ?? '']; },
    label: 'not a method',
  };
}
type NotesService = ReturnType<typeof notesService>;

function requestFor(service: NotesService, parts: { params?: Record<string, string>; body?: unknown; query?: unknown }): RequestContext {
  const resolved: string[] = [];
  return {
    params: parts.params ?? {}, body: parts.body, query: parts.query ?? {},
    resolve: (name: string) => { resolved.push(name); if (name !== 'notes') throw new Error(`service ${name}`); return service; },
  } as unknown as RequestContext;
}

const routes = serviceRoutes<NotesService>('notes', (call) => [
  call('create', { method: 'POST', path: '/notes', permission: 'notes.manage', body: Body, status: 201, summary: 'Créer' }),
  call('update', { method: 'PUT', path: '/notes/:id', permission: 'notes.manage', body: Body }),
  call('remove', { method: 'DELETE', path: '/notes/:id', permission: 'notes.manage' }),
  call('archive', { method: 'POST', path: '/notes/:id/archive', permission: 'notes.manage', body: NoBody }),
  call('move', { method: 'POST', path: '/notes/:id/lines/:lineId', permission: 'notes.manage' }),
  call('rename', { method: 'PUT', path: '/notes/:id/title', body: Body, args: (req) => [req.body.title, req.params.id] }),
  call('search', { method: 'GET', path: '/notes/search', query: Query, transactional: false, args: (req) => [req.query.q] }),
]);

const byPath = (method: string, path: string): RouteDefinition => routes.find((r) => r.method === method && r.path === path)!;

describe('serviceRoutes', function () {
  it('keeps what the router reads: method, path, permission, schemas, status, summary, transactional', function () {
    expect(routes.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      'POST /notes', 'PUT /notes/:id', 'DELETE /notes/:id', 'POST /notes/:id/archive', 'POST /notes/:id/lines/:lineId',
      'PUT /notes/:id/title', 'GET /notes/search',
    ]);
    const create = byPath('POST', '/notes');
    expect(create).to.include({ permission: 'notes.manage', body: Body, status: 201, summary: 'Créer' });
    expect(byPath('PUT', '/notes/:id').status).to.equal(undefined);
    expect(byPath('GET', '/notes/search')).to.include({ query: Query, transactional: false });
    for (const r of routes) expect(r).to.not.have.property('args');
  });

  it('a DELETE answers 204 with no body, whatever the method returns', async function () {
    const calls: unknown[][] = [];
    const del = byPath('DELETE', '/notes/:id');
    expect(del.status).to.equal(204);
    expect(await del.handler(requestFor(notesService(calls), { params: { id: 'n1' } }))).to.equal(null);
    expect(calls).to.deep.equal([['remove', 'n1']]);
  });

  it('calls the method with the path parameters in order, then the body when the route has a schema', async function () {
    const calls: unknown[][] = [];
    const service = notesService(calls);
    expect(await byPath('POST', '/notes').handler(requestFor(service, { body: { title: 'A' } }))).to.deep.equal({ _id: 'n1', title: 'A' });
    await byPath('PUT', '/notes/:id').handler(requestFor(service, { params: { id: 'n2' }, body: { title: 'B' } }));
    expect(await byPath('POST', '/notes/:id/lines/:lineId').handler(requestFor(service, { params: { lineId: 'l9', id: 'n3' } }))).to.equal('n3/l9');
    expect(calls).to.deep.equal([['create', { title: 'A' }], ['update', 'n2', { title: 'B' }], ['move', 'n3', 'l9']]);
  });

  it('passes no body for an empty object schema (an action that refuses any body)', async function () {
    const calls: unknown[][] = [];
    await byPath('POST', '/notes/:id/archive').handler(requestFor(notesService(calls), { params: { id: 'n4' }, body: {} }));
    expect(calls).to.deep.equal([['archive', 'n4']]);
  });

  it('builds the arguments with `args` when given', async function () {
    const calls: unknown[][] = [];
    const service = notesService(calls);
    await byPath('PUT', '/notes/:id/title').handler(requestFor(service, { params: { id: 'n5' }, body: { title: 'C' } }));
    expect(await byPath('GET', '/notes/search').handler(requestFor(service, { query: { q: 'pain' } }))).to.deep.equal(['pain']);
    expect(calls).to.deep.equal([['rename', 'C', 'n5'], ['search', 'pain']]);
  });

  it('checks the method and its arguments at compile time', function () {
    const defs = serviceRoutes<NotesService>('notes', (call) => [
      // @ts-expect-error -- not a method of the service
      call('label', { method: 'GET', path: '/label' }),
      // @ts-expect-error -- unknown method
      call('publish', { method: 'POST', path: '/notes/:id/publish' }),
      // @ts-expect-error -- update(id, body) without a body schema: `args` is required
      call('update', { method: 'PUT', path: '/notes/:id' }),
      // @ts-expect-error -- rename(title, id): the default (id, body) does not fit, `args` is required
      call('rename', { method: 'PUT', path: '/notes/:id/title', body: Body }),
      // @ts-expect-error -- create(input) with no body: `args` is required
      call('create', { method: 'POST', path: '/notes' }),
      // @ts-expect-error -- `args` must give the method's parameters
      call('rename', { method: 'PUT', path: '/notes/:id/title', body: Body, args: (req) => [req.params.id] }),
    ]);
    expect(defs).to.have.length(6);
  });

  it('checks the body type against a method written in shorthand (as the plugins’ services are)', function () {
    interface Shorthand { update(id: string, input: { name: string }): Promise<void>; touch(id: string): Promise<void> }
    const defs = serviceRoutes<Shorthand>('shorthand', (call) => [
      call('touch', { method: 'POST', path: '/s/:id/touch' }),
      // @ts-expect-error -- the body's type ({ title }) is not the method's ({ name })
      call('update', { method: 'PUT', path: '/s/:id', body: Body }),
    ]);
    expect(defs.map((d) => d.path)).to.deep.equal(['/s/:id/touch', '/s/:id']);
  });
});

/**
 * Routes that call one method of one of the plugin's services, beside `crudRoutes` (the routes of
 * one entity's repository). A route file states what the HTTP side owns — method, path, permission,
 * schemas, status, summary — and which method answers; the handler is made here:
 *
 *   serviceRoutes<DraftsService>('drafts', (call) => [
 *     call('create', { method: 'POST', path: '/invoices', permission: MANAGE, body: DraftInput, status: 201 }),
 *     call('update', { method: 'PUT', path: '/invoices/:id', permission: MANAGE, body: DraftInput }),
 *     call('remove', { method: 'DELETE', path: '/invoices/:id', permission: MANAGE }),
 *   ])
 *
 * The method is called with the path's parameters in order (`:id`, then any other), then the
 * validated body when the route has a `body` schema with fields (an empty object schema, for an
 * action that refuses any body, passes nothing). That list is checked at compile time against
 * the method's parameters; when it does not fit (another order, a field of the body, the query),
 * `args` is required and builds the arguments from the request, typed by the method.
 * A DELETE answers 204 with no body (whatever the method returns); any other route answers what the
 * method returns, with `status` (default 200; say 201 for a creation).
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { RequestContext } from './context.ts';
import type { RouteDefinition } from './routes.ts';

type AnyFunction = (...args: never[]) => unknown;

/** The names of the service's methods. */
export type ServiceMethod<S> = { [K in keyof S]: S[K] extends AnyFunction ? K : never }[keyof S] & string;

/** One `string` per `:param` of a path, in order: `'/invoices/:id/lines/:lineId'` → `[string, string]`. */
export type PathParams<P extends string> =
  P extends `${string}:${string}/${infer Rest}` ? [string, ...PathParams<`/${Rest}`>]
    : P extends `${string}:${string}` ? [string]
      : [];

/** The body argument: none without a schema, none for an object schema with no field (an action that refuses any body). */
type BodyArgs<B> = B extends TObject<infer Props> ? ([keyof Props] extends [never] ? [] : [Static<B>])
  : B extends TSchema ? [Static<B>] : [];

/** What the method receives when `args` is not given: the path's parameters, then the body if any. */
export type DefaultArgs<P extends string, B> = [...PathParams<P>, ...BodyArgs<B>];

type ParametersOf<F> = F extends (...args: infer A) => unknown ? A : never;
type BodyOf<B> = B extends TSchema ? Static<B> : unknown;
type QueryOf<Q> = Q extends TSchema ? Static<Q> : unknown;

/** A route of `serviceRoutes`: a RouteDefinition without its handler. */
export interface ServiceRouteOptions<P extends string, B extends TSchema | undefined, Q extends TSchema | undefined>
  extends Omit<RouteDefinition, 'path' | 'body' | 'query' | 'handler'> {
  path: P;
  body?: B;
  query?: Q;
}

/** `args` is optional when the default arguments fit the method, required (and typed by it) otherwise. */
type ArgsOption<F, P extends string, B, Q> = {
  args?: (req: RequestContext<BodyOf<B>, QueryOf<Q>>) => ParametersOf<F>;
} & (F extends (...args: DefaultArgs<P, B>) => unknown ? unknown : {
  args: (req: RequestContext<BodyOf<B>, QueryOf<Q>>) => ParametersOf<F>;
});

export type ServiceCall<S> = <
  M extends ServiceMethod<S>,
  P extends string,
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
>(method: M, options: ServiceRouteOptions<P, B, Q> & ArgsOption<S[M], P, B, Q>) => RouteDefinition;

const paramNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** An object schema without a field: the route takes no body, the method gets none (as `BodyArgs`). */
const takesBody = (schema: TSchema | undefined): boolean =>
  !!schema && !(schema.type === 'object' && Object.keys((schema as TObject).properties ?? {}).length === 0);

/**
 * The routes of `build`, each answered by a method of the service registered as `service` in this
 * plugin's `services` (what `req.resolve(service)` returns).
 */
export function serviceRoutes<S>(service: string, build: (call: ServiceCall<S>) => RouteDefinition[]): RouteDefinition[] {
  const call = ((method: string, options: ServiceRouteOptions<string, TSchema | undefined, TSchema | undefined> & {
    args?: (req: RequestContext) => unknown[];
  }): RouteDefinition => {
    const { args, ...definition } = options;
    const names = paramNames(options.path);
    const isDelete = options.method === 'DELETE';
    const passBody = takesBody(options.body);
    return {
      ...definition,
      ...(isDelete && definition.status === undefined ? { status: 204 } : {}),
      handler: async (req: RequestContext) => {
        const target = req.resolve<Record<string, (...a: unknown[]) => unknown>>(service);
        const values = args ? args(req) : [...names.map((n) => req.params[n]), ...(passBody ? [req.body] : [])];
        const result = await target[method](...values);
        return isDelete ? null : result;
      },
    } as RouteDefinition;
  }) as ServiceCall<S>;
  return build(call);
}

/**
 * Minimal valid documents of any entity, built from its schema, for tests driven by the entity
 * declarations (references): every required field without a default gets the smallest value the
 * schema accepts, and every required reference gets a record of its target in the same company
 * (made the same way), so that a reference added to an entity is covered without a fixture to write.
 */
import { randomBytes } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import type { CallContext, EntityDefinition } from '@comptoir/sdk';
import { ID_PATTERN } from '@comptoir/schemas';
import type { TestKernel } from '@comptoir/sdk/testing';
import { buildReferenceIndex, type PathStep, type ReferenceIndex, type ResolvedReference } from '../../server/src/db/references.ts';

type Doc = Record<string, unknown>;

const nonNull = (s: TSchema): TSchema => {
  const alt = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
  if (!alt) return s;
  const rest = alt.filter((a) => a.type !== 'null');
  return rest.length ? nonNull(rest[0]) : s;
};

/** Texts tried, in order, against a pattern the generator cannot read (the first that fits is used). */
const PATTERN_SAMPLES = () => [
  'contacts.customers', randomBytes(32).toString('hex'), 'a'.repeat(43), 'abc', 'FR', '#123456', '2026-06-01', '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', '411000', 'x1',
];
let unique = 0;

/** The smallest value `schema` accepts (ids: `id`, which the caller chooses). */
export function minimalValue(schema: TSchema, id: () => string): unknown {
  const s = nonNull(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return structuredClone(s.default);
  switch (s.type) {
    case 'string':
      if (s.pattern === ID_PATTERN) return id();
      if (s.format === 'date-time') return '2026-06-01T10:00:00.000Z';
      if (s.format === 'date') return '2026-06-01';
      if (s.format === 'email') return `test-${++unique}@exemple.fr`;
      if (s.pattern) {
        const re = new RegExp(s.pattern as string, 'u');
        const fits = PATTERN_SAMPLES().find((t) => re.test(t) && t.length >= (s.minLength ?? 0) && t.length <= (s.maxLength ?? Infinity));
        if (!fits) throw new Error(`no sample text for the pattern ${s.pattern}`);
        return fits;
      }
      // distinct texts: some tables hold unique keys (a run's identifier)
      return `x${++unique}`.padEnd(s.minLength ?? 1, 'x').slice(0, s.maxLength ?? 255);
    case 'integer': case 'number': return s.minimum ?? 0;
    case 'boolean': return false;
    case 'array': return Array.from({ length: s.minItems ?? 0 }, () => minimalValue(s.items as TSchema, id));
    case 'object': return minimalObject(s, id);
    default: return null;
  }
}

function minimalObject(s: TSchema, id: () => string): Doc {
  const out: Doc = {};
  const required = new Set<string>((s.required as string[] | undefined) ?? []);
  for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, TSchema>)) {
    if (required.has(k) && p.default === undefined) out[k] = minimalValue(p, id);
  }
  return out;
}

/** The schema at a reference's path, each list step standing for one item. */
function schemaAt(schema: TSchema, steps: PathStep[]): TSchema[] {
  const chain: TSchema[] = [];
  let node = schema;
  for (const step of steps) {
    node = nonNull(((nonNull(node).properties ?? {}) as Record<string, TSchema>)[step.key]);
    if (step.list) node = nonNull(node.items as TSchema);
    chain.push(node);
  }
  return chain;
}

/** `doc` with `id` written at the reference's path (a list of objects gets one minimal item holding it). */
export function withIdAt(doc: Doc, ref: ResolvedReference, id: string, other: () => string): Doc {
  const copy = structuredClone(doc);
  const chain = schemaAt(ref.source.schema, ref.steps);
  let node: Doc = copy;
  ref.steps.forEach((step, i) => {
    const last = i === ref.steps.length - 1;
    if (last) {
      node[step.key] = chain[i].type === 'array' ? [id] : id;
      return;
    }
    if (step.list) {
      const item = minimalValue(chain[i], other) as Doc;
      node[step.key] = [item];
      node = item;
    } else {
      node[step.key] = { ...((node[step.key] as Doc | undefined) ?? {}) };
      node = node[step.key] as Doc;
    }
  });
  return copy;
}

/** Creates records through the repositories, as the system, in a company or none. */
export class Records {
  readonly index: ReferenceIndex;
  private readonly made = new Map<string, string>();
  constructor(private readonly k: TestKernel) {
    this.index = buildReferenceIndex(k.kernel.plugins);
  }

  /** every loaded entity */
  entities(): EntityDefinition[] {
    return (this.k.kernel.plugins as { def: { entities?: EntityDefinition[] } }[]).flatMap((p) => p.def.entities ?? []);
  }

  run<T>(entity: EntityDefinition, companyId: string | null, fn: (repo: ReturnType<CallContext['repo']>) => Promise<T>): Promise<T> {
    return this.k.kernel.asSystem(entity.companyScoped ? companyId : null,
      (ctx: CallContext) => fn(entity.companyScoped ? ctx.repo(entity) : ctx.unscoped(entity)), entity.plugin);
  }

  /**
   * A minimal document of `entity` for `companyId`: required references name records of their
   * target made in that company (optional references stay empty).
   */
  async minimal(entity: EntityDefinition, companyId: string | null, depth = 0): Promise<Doc> {
    const doc = minimalValue(entity.schema, () => '0'.repeat(24)) as Doc;
    for (const f of ['_id', 'metadata']) delete doc[f];
    const fk: Doc = { ...((doc.fk as Doc | undefined) ?? {}) };
    if (entity.companyScoped) fk.company = companyId;
    else delete fk.company;
    doc.fk = fk;
    for (const ref of this.index.from(entity)) {
      if (ref.steps[0].key !== 'fk' || !(ref.steps[1].key in fk) || !ref.target) continue;
      if (depth > 3) throw new Error(`references too deep at ${entity.name}.${ref.path}`);
      const target = await this.record(ref.target, companyId, depth + 1);
      fk[ref.steps[1].key] = Array.isArray(fk[ref.steps[1].key]) ? [target] : target;
    }
    return doc;
  }

  /** The id of a record of `entity` in `companyId` (made once per entity and company). */
  async record(entity: EntityDefinition, companyId: string | null, depth = 0): Promise<string> {
    const key = `${entity.plugin}.${entity.name}@${entity.companyScoped ? companyId : '-'}`;
    const known = this.made.get(key);
    if (known) return known;
    const doc = await this.minimal(entity, companyId, depth);
    const created = await this.run(entity, companyId, (repo) => repo.create(doc)) as { _id: string };
    this.made.set(key, created._id);
    return created._id;
  }
}

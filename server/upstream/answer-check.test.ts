// The compiled answer checks against zod's parse, on answers built from each endpoint's
// schema and then broken in every way an upstream could break them: fields added at any
// depth, fields removed, values replaced by junk. Both must reach the same verdict, and
// when they accept, hand on the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ENDPOINTS,
  PricesResponseDataSchema,
  successEnvelopeSchema,
  type EndpointName,
} from '../../src/contract/index.ts';
import { junkValue } from '../test-support/contract-arbitraries.ts';
import { answerCheck, isCompiled } from './answer-check.ts';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

/** Values a schema accepts, written from its JSON Schema (which says all the zod schema does). */
function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueOf));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 12, 12),
          });
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [name, valueOf(property)]),
        ),
        { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

type Breakage = { at: number; kind: 'add' | 'remove' | 'replace'; name: string; junk: unknown };

const breakage: fc.Arbitrary<Breakage> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('add', 'add', 'remove', 'replace'),
  name: fc.oneof(
    fc.constantFrom('internal_cost', 'supplier', '__proto__', 'constructor'),
    fc.string({ maxLength: 8 }),
  ),
  junk: junkValue,
});

/** Every object and array in a value, the value itself first. */
function containers(value: unknown, found: (Record<string, unknown> | unknown[])[] = []) {
  if (typeof value === 'object' && value !== null) {
    found.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

function broken(value: unknown, breakages: Breakage[]): unknown {
  const copy = structuredClone(value);
  for (const { at, kind, name, junk } of breakages) {
    const all = containers(copy);
    const target = all[at % all.length];
    if (!target) continue;
    const keys = Object.keys(target);
    const key = keys[at % Math.max(keys.length, 1)];
    if (kind === 'add' && !Array.isArray(target)) {
      Object.defineProperty(target, name, {
        value: junk,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (kind === 'remove' && key !== undefined) {
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else Reflect.deleteProperty(target, key);
    } else if (kind === 'replace' && key !== undefined) {
      (target as Record<string, unknown>)[key] = junk;
    }
  }
  return copy;
}

function zodVerdict(schema: z.ZodMiniType, json: unknown) {
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

function compiledVerdict(schema: z.ZodMiniType, json: unknown) {
  const result = answerCheck(schema)(json);
  return result.ok ? { ok: true, value: result.value } : { ok: false };
}

const compiledEndpoints = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) =>
  isCompiled(successEnvelopeSchema(ENDPOINTS[name].data)),
);

describe('compiled answer checks', () => {
  it('cover the answers shoppers ask for most: search, prices, rooms and content', () => {
    expect(compiledEndpoints).toEqual(
      expect.arrayContaining(['searchHotels', 'searchPrices', 'rooms', 'content', 'autocomplete']),
    );
  });

  it.each(compiledEndpoints)('%s: agree with zod on answers, whole and broken', (name) => {
    const schema = successEnvelopeSchema(ENDPOINTS[name].data);
    const answers = valueOf(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
    fc.assert(
      fc.property(answers, fc.array(breakage, { maxLength: 3 }), (answer, breakages) => {
        const json = broken(answer, breakages);
        const byZod = zodVerdict(schema, structuredClone(json));
        const compiled = compiledVerdict(schema, structuredClone(json));
        expect(compiled).toEqual(byZod);
      }),
      { seed: 53, numRuns: 300 },
    );
  });

  it('removes what the contract does not name, at every depth, and says where an answer broke', () => {
    const schema = successEnvelopeSchema(PricesResponseDataSchema);
    const check = answerCheck(schema);
    const update = {
      hotel_id: '12',
      availability_band: 0,
      price: { amount: 1000, currency: 'EUR', rate_type: 'live', supplier_net: 800 },
      margin: 0.2,
    };
    const state = { search_id: 's', refresh_status: 'PENDING', version: 1, refreshed: 1, total: 2 };
    const answer = {
      success: true,
      message: 'ok',
      trace: 'x',
      data: { ...state, updates: [update], debug: {} },
    };
    expect(check(answer)).toEqual({
      ok: true,
      value: {
        success: true,
        message: 'ok',
        data: {
          ...state,
          updates: [
            {
              hotel_id: '12',
              availability_band: 0,
              price: { amount: 1000, currency: 'EUR', rate_type: 'live' },
            },
          ],
        },
      },
    });
    const wrong = {
      success: true,
      message: 'ok',
      data: { ...answer.data, updates: [{ ...update, price: { amount: -1 } }] },
    };
    expect(check(wrong)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^data\.updates\.0\.price/)],
    });
  });

  it('keeps zod for a schema ajv will not compile (a format it does not know)', () => {
    const schema = z.object({ at: z.iso.datetime() });
    expect(isCompiled(schema)).toBe(false);
    expect(answerCheck(schema)({ at: 'yesterday' })).toMatchObject({ ok: false });
    expect(answerCheck(schema)({ at: '2026-11-28T10:00:00Z', x: 1 })).toEqual({
      ok: true,
      value: { at: '2026-11-28T10:00:00Z' },
    });
  });

  it('keeps zod for a schema that says more than JSON Schema can', () => {
    const even = z.number().check(z.refine((n: number) => n % 2 === 0));
    const schema = z.object({ n: even });
    expect(isCompiled(schema)).toBe(false);
    expect(answerCheck(schema)({ n: 3 })).toMatchObject({ ok: false });
    expect(answerCheck(schema)({ n: 4, extra: 1 })).toEqual({ ok: true, value: { n: 4 } });
  });
});

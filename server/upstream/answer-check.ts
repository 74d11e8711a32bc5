// Checking an upstream answer against the contract. The contract's zod schemas stay the one
// statement of every answer's shape; where JSON Schema can say all that a schema says, the
// schema is turned into JSON Schema (zod's own `toJSONSchema`) and compiled by ajv into a
// plain function that checks the parsed answer in place and removes the fields the contract
// does not name, as zod's parse does. zod builds a new copy of every object it reads: on the
// price poll, an answer every shopper asks for every couple of seconds, that copy was the
// largest share of what the app spent beyond passing the answer on
// (docs/decisions/053-a-cheaper-price-poll.md). A schema that says more than JSON Schema
// can (a refinement, a transform, a strict or loose object) keeps zod's parse.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as z from 'zod/mini';

/** `problems`: where the answer broke the contract, as `data.updates.0.price`. */
export type AnswerCheckResult = { ok: true; value: unknown } | { ok: false; problems: string[] };

export type AnswerCheck = (json: unknown) => AnswerCheckResult;

/** What the compiled checks accept beyond zod's: nothing. Their options say so. */
const ajv = new Ajv2020({
  // Fields the contract does not name are dropped, never passed on (zod's object strips them).
  removeAdditional: 'all',
  // An optional field with a default is filled in, as zod's parse fills it.
  useDefaults: true,
  coerceTypes: false,
  allowUnionTypes: true,
  allErrors: false,
  // A keyword ajv does not know would be a rule silently skipped: compiling fails instead,
  // and the schema keeps zod.
  strict: true,
});

/** Kinds of schema whose JSON Schema says everything the zod schema checks. */
const TRANSLATED_TYPES: ReadonlySet<string> = new Set([
  'object',
  'array',
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'optional',
  'nullable',
  'default',
  'union',
]);

class SaysMoreThanJsonSchema extends Error {}

interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  catchall?: unknown;
}

/** The schema as JSON Schema, or null when JSON Schema would check less than zod does. */
function translated(schema: z.ZodMiniType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-2020-12',
      override: ({ zodSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def;
        const customCheck = def.checks?.some((check) => check._zod.def.check === 'custom');
        // A strict or loose object has a catch-all: removing unknown fields would differ.
        if (!TRANSLATED_TYPES.has(def.type) || customCheck || def.catchall !== undefined) {
          throw new SaysMoreThanJsonSchema(def.type);
        }
      },
    });
  } catch (error) {
    if (error instanceof SaysMoreThanJsonSchema) return null;
    throw error;
  }
}

/** ajv's function for the schema, or null: JSON Schema says less, or ajv refuses what it says. */
function compiledFor(schema: z.ZodMiniType): ValidateFunction | null {
  const jsonSchema = translated(schema);
  if (!jsonSchema) return null;
  try {
    return ajv.compile(jsonSchema);
  } catch {
    // Strict mode: a keyword or format ajv does not know. zod checks it instead.
    return null;
  }
}

function problemsOf(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').slice(1).join('.');
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : '';
    return [path, missing].filter(Boolean).join('.');
  });
}

function compiled(validate: ValidateFunction): AnswerCheck {
  return (json) =>
    validate(json)
      ? { ok: true, value: json }
      : { ok: false, problems: problemsOf(validate.errors) };
}

function parsedByZod(schema: z.ZodMiniType): AnswerCheck {
  return (json) => {
    const parsed = schema.safeParse(json);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, problems: parsed.error.issues.map((issue) => issue.path.join('.')) };
  };
}

const checks = new WeakMap<z.ZodMiniType, AnswerCheck>();
/** The schemas whose check is compiled, as `answerCheck` decided once. */
const compiledSchemas = new WeakSet<z.ZodMiniType>();

/**
 * The check of answers of this schema: compiled when the schema translates without loss,
 * zod's parse otherwise. Either returns the contract's fields only; the compiled one returns
 * the answer it was given, with unknown fields removed. Built once per schema.
 */
export function answerCheck(schema: z.ZodMiniType): AnswerCheck {
  let check = checks.get(schema);
  if (!check) {
    const validate = compiledFor(schema);
    if (validate) compiledSchemas.add(schema);
    check = validate ? compiled(validate) : parsedByZod(schema);
    checks.set(schema, check);
  }
  return check;
}

/** Whether answers of this schema are checked by a compiled function (tests, the bench). */
export function isCompiled(schema: z.ZodMiniType): boolean {
  answerCheck(schema);
  return compiledSchemas.has(schema);
}

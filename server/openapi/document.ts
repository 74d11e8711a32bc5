// The OpenAPI 3.1 document of /api, written from the operations table and the contract's
// zod schemas (zod 4's own JSON Schema output: requests as they are sent, answers as they
// are read). Built once per process and served at /api/openapi.json; nothing in it is
// secret or differs by mode.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import {
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  SUPPORTED_LANGUAGES,
  type ErrorCode,
} from '../../src/contract/index.ts';
import { API_OPERATIONS, type ApiOperation, type OperationTag } from './operations.ts';

export const OPENAPI_PATH = '/openapi.json';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** A schema as JSON Schema 2020-12, inlined, without its own `$schema`. */
function jsonSchema(schema: z.ZodMiniType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Refinements JSON Schema cannot say (a date from today on) are written in words.
    unrepresentable: 'any',
  }) as JsonSchema;
  if ('$defs' in rest) throw new Error('a schema of the contract needs $defs: inline it');
  return rest;
}

/** `/hotels/:hotel_id/content` → `/hotels/{hotel_id}/content`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([a-z_]+)/g, '{$1}');
}

const TAGS: { name: OperationTag; description: string }[] = [
  { name: 'Shopping', description: 'Destinations, search, live prices, hotels and their rooms.' },
  {
    name: 'Booking',
    description: 'Prebook and book; find, read and cancel a booking as its holder.',
  },
  { name: 'Service', description: 'Health and readiness, for operators and load balancers.' },
];

const HEADERS = {
  'X-Request-Id': {
    description: 'The request id: the one the client sent, if valid, or one made here.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

const PARAMETERS = {
  Language: {
    name: 'language',
    in: 'header',
    required: false,
    description:
      'The language of names and messages (`fr`, `fr-CA`: the primary subtag counts). Unknown or absent: English.',
    schema: { type: 'string', examples: [...SUPPORTED_LANGUAGES] },
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description:
      'An id of the caller\'s own (8 to 128 letters, digits, "_", "-" or "."), kept in the answer and the logs.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{8,128}$' },
  },
};

function successResponse(operation: ApiOperation) {
  return {
    description: operation.status === 201 ? 'Created' : 'OK',
    headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['success', 'message', 'data'],
          properties: {
            success: { const: true },
            message: { type: 'string' },
            data: jsonSchema(operation.data, 'output'),
          },
        },
      },
    },
  };
}

/** One response per status, naming the error codes it can carry. */
function errorResponses(operation: ApiOperation) {
  const codes: ErrorCode[] = [...operation.errors, 'INTERNAL'];
  if (operation.rateLimit) codes.push('RATE_LIMITED');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\``).join(', '),
          headers: {
            'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
            ...(status === 429
              ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
              : {}),
          },
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorEnvelope' },
              example: {
                success: false,
                message: "What went wrong, in the request's language",
                error: {
                  code: list[0],
                  details:
                    list[0] === 'VALIDATION_FAILED'
                      ? [{ field: 'check_in', message: 'must be today or later' }]
                      : [],
                  request_id: 'req_8f2c1e4b9a',
                },
              },
            },
          },
        },
      ]),
  );
}

/** A query object's fields, each a parameter of its own. */
function queryParameters(query: z.ZodMiniType) {
  const schema = jsonSchema(query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function parameters(operation: ApiOperation) {
  return [
    ...Object.entries(operation.params ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: jsonSchema(schema, 'input'),
    })),
    ...(operation.query ? queryParameters(operation.query) : []),
    ...Object.entries(operation.headers ?? {}).map(([name, header]) => ({
      name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: jsonSchema(header.schema, 'input'),
    })),
    { $ref: '#/components/parameters/Language' },
    { $ref: '#/components/parameters/RequestId' },
  ];
}

function describe(operation: ApiOperation): string {
  const limit = operation.rateLimit
    ? ` Rate limit class: \`${operation.rateLimit}\` (429 \`RATE_LIMITED\` with Retry-After beyond it).`
    : '';
  return `${operation.description}${limit}`;
}

function pathItem(operation: ApiOperation) {
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: describe(operation),
    parameters: parameters(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(operation.body, 'input'),
                ...(operation.bodyExample === undefined ? {} : { example: operation.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: successResponse(operation),
      ...errorResponses(operation),
    },
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export function openApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of API_OPERATIONS) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: pathItem(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Staylane API',
      version,
      summary: 'Hotel search, live prices and booking, in front of the hotel API.',
      description:
        'Every answer is an envelope: `{ success: true, message, data }` or `{ success: false, message, error: { code, details, request_id } }`. A 400 names each field at fault in `details`. Answers are never cached (`Cache-Control: no-store`), except this document.',
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api', description: 'This server' }],
    // The browser's own origin calls it; there are no credentials (the hotel API key stays here).
    security: [],
    tags: TAGS,
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelopeSchema, 'output') },
      headers: HEADERS,
      parameters: PARAMETERS,
    },
  };
}

/** The document as served: its text and a strong ETag of it. */
export function servedOpenApi(version: string): { body: string; etag: string } {
  const body = JSON.stringify(openApiDocument(version));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

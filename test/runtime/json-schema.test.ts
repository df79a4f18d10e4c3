/** Joi → JSON Schema: each construct the request schemas use, and agreement with Joi on sample values. */
import test from 'ava';
import Joi from 'joi';
import { joiToJsonSchema, objectRules } from '../../runtime/mcp/json-schema.ts';

test('scalars: strings with lengths and patterns, integers and bounds, booleans, defaults and descriptions', (t) => {
  const schema = Joi.object({
    name: Joi.string().min(1).max(10).required().description('Symbol name'),
    ident: Joi.string().pattern(/^[A-Za-z_$][\w$]*$/),
    loose: Joi.string().pattern(/^abc$/i),
    limit: Joi.number().integer().min(1).max(50).default(5),
    ratio: Joi.number().greater(0).less(1),
    pos: Joi.number().positive(),
    flag: Joi.boolean().default(false),
    when: Joi.date(),
  });
  t.deepEqual(joiToJsonSchema(schema), {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 10, description: 'Symbol name' },
      ident: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
      loose: { type: 'string' }, // a case-insensitive regex has no JSON Schema form: left out rather than wrong
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      pos: { type: 'number', exclusiveMinimum: 0 },
      flag: { type: 'boolean', default: false },
      when: { type: 'string', format: 'date-time' },
    },
    required: ['name'],
    additionalProperties: false,
  });
});

test('enumerations, nullable values, arrays (items, bounds, unique, single) and nested objects', (t) => {
  const schema = Joi.object({
    direction: Joi.string().valid('upstream', 'downstream').default('upstream'),
    anyValid: Joi.valid('a', 1),
    maybe: Joi.string().allow(null, ''),
    types: Joi.array().items(Joi.string().valid('CALLS', 'IMPORTS')).min(1).max(5).unique(),
    one: Joi.array().items(Joi.string()).single(),
    mixed: Joi.array().items(Joi.string(), Joi.number()),
    params: Joi.object().unknown(true),
    free: Joi.object(),
    map: Joi.object().pattern(Joi.string(), Joi.number()),
    nested: Joi.object({ a: Joi.string().required() }),
    either: Joi.alternatives().try(Joi.string(), Joi.number().integer()),
    gone: Joi.any().forbidden(),
    anything: Joi.any(),
  });
  const out = joiToJsonSchema(schema) as { properties: Record<string, unknown> };
  t.deepEqual(out.properties, {
    direction: { type: 'string', enum: ['upstream', 'downstream'], default: 'upstream' },
    anyValid: { enum: ['a', 1] },
    maybe: { type: ['string', 'null'] },
    types: { type: 'array', items: { type: 'string', enum: ['CALLS', 'IMPORTS'] }, minItems: 1, maxItems: 5, uniqueItems: true },
    one: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
    mixed: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
    params: { type: 'object', additionalProperties: true },
    free: { type: 'object', additionalProperties: true },
    map: { type: 'object', additionalProperties: { type: 'number' } },
    nested: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
    either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    anything: {},
  });
});

test('cross-field rules become sentences (no top-level anyOf); aliases become properties', (t) => {
  const schema = Joi.object({
    symbol_name: Joi.string(),
    symbol_uid: Joi.string(),
    query: Joi.string().required(),
    scope: Joi.string().valid('unstaged', 'compare'),
    base_ref: Joi.string().when('scope', { is: 'compare', then: Joi.required() }),
    a: Joi.string(), b: Joi.string(), c: Joi.string(),
  }).or('symbol_name', 'symbol_uid').xor('a', 'b').with('c', 'a').rename('statement', 'query');
  const out = joiToJsonSchema(schema) as { properties: Record<string, { description?: string }>; required?: string[]; description?: string; anyOf?: unknown };
  t.is(out.anyOf, undefined);
  t.deepEqual(out.required, undefined, "'query' can come as 'statement', so it is not strictly required");
  t.deepEqual(out.properties.statement, { type: 'string', description: "Alias of 'query'." });
  t.is(out.properties.base_ref.description, "Required when 'scope' is \"compare\".");
  const described = joiToJsonSchema(Joi.object({ scope: Joi.string(), ref: Joi.string().description('Branch to compare with').when('scope', { is: 'compare', then: Joi.required() }) })) as { properties: Record<string, { description?: string }> };
  t.is(described.properties.ref.description, "Branch to compare with. Required when 'scope' is \"compare\".");
  const rules = objectRules(schema);
  t.deepEqual(rules, [
    "'query' (or its alias 'statement') is required.",
    "At least one of 'symbol_name', 'symbol_uid' is required.",
    "Exactly one of 'a', 'b' is required.",
    "'c' needs 'a'.",
  ]);
  t.is(out.description, rules.join(' '));
});

test('what the schema says is what Joi accepts: sample values agree', (t) => {
  const schema = Joi.object({
    name: Joi.string().min(2).max(4).required(),
    limit: Joi.number().integer().min(1).max(3),
    direction: Joi.string().valid('up', 'down'),
  });
  const json = joiToJsonSchema(schema) as { properties: Record<string, { minLength?: number; maxLength?: number; minimum?: number; maximum?: number; enum?: string[] }> };
  const p = json.properties;
  const fits = (v: Record<string, unknown>) =>
    typeof v.name === 'string' && v.name.length >= p.name.minLength! && v.name.length <= p.name.maxLength! &&
    (v.limit === undefined || (Number.isInteger(v.limit) && (v.limit as number) >= p.limit.minimum! && (v.limit as number) <= p.limit.maximum!)) &&
    (v.direction === undefined || p.direction.enum!.includes(v.direction as string));
  const samples: Array<Record<string, unknown>> = [
    { name: 'ab' }, { name: 'a' }, { name: 'abcde' }, { name: 'abcd', limit: 3 }, { name: 'abc', limit: 0 }, { name: 'abc', limit: 4 },
    { name: 'abc', limit: 1.5 }, { name: 'abc', direction: 'up' }, { name: 'abc', direction: 'left' },
  ];
  for (const v of samples) t.is(fits(v), schema.validate(v).error === undefined, JSON.stringify(v));
});

/**
 * Joi → JSON Schema (draft 2020-12 subset) for MCP tool input schemas, so the request schema each handler
 * declares once also describes the tool to an agent. Works on `schema.describe()` (Joi's stable public
 * description format) and covers what request schemas use: objects, strings, numbers, booleans, arrays,
 * alternatives, valid/allow lists, defaults, descriptions, renames (aliases) and key dependencies.
 * Cross-field rules (or/xor/with/when) become readable sentences, not anyOf: several MCP clients refuse a
 * top-level anyOf in a tool's input schema, and an agent reads the sentence anyway.
 */
import type Joi from 'joi';

export type JsonSchema = { [key: string]: unknown };

/** Joi's description of a schema (the parts this converter reads). */
interface Described {
  type?: string;
  flags?: { presence?: string; description?: string; default?: unknown; only?: boolean; unknown?: boolean; single?: boolean };
  rules?: Array<{ name: string; args?: Record<string, unknown> }>;
  allow?: unknown[];
  keys?: Record<string, Described>;
  items?: Described[];
  matches?: Array<{ schema?: Described; then?: Described; otherwise?: Described }>;
  patterns?: Array<{ schema?: Described; regex?: string; rule: Described }>;
  dependencies?: Array<{ rel: string; peers: string[]; key?: string | null }>;
  renames?: Array<{ from: string; to: string }>;
  whens?: Array<{ ref?: { path?: string[] }; is?: Described; then?: Described; otherwise?: Described }>;
  examples?: unknown[];
  notes?: string[];
}

/** Converts a Joi schema into a JSON Schema object; cross-field rules go into `description`. */
export function joiToJsonSchema(schema: Joi.Schema): JsonSchema {
  return convert(schema.describe() as Described);
}

/** Readable sentences for an object schema's cross-field rules (at least one of …, exactly one of …). */
export function objectRules(schema: Joi.Schema): string[] {
  return rulesOf(schema.describe() as Described);
}

function convert(d: Described): JsonSchema {
  let out: JsonSchema;
  switch (d.type) {
    case 'object': out = objectSchema(d); break;
    case 'string': out = stringSchema(d); break;
    case 'number': out = numberSchema(d); break;
    case 'boolean': out = { type: 'boolean' }; break;
    case 'array': out = arraySchema(d); break;
    case 'alternatives': out = alternativesSchema(d); break;
    case 'date': out = { type: 'string', format: 'date-time' }; break;
    case 'binary': out = { type: 'string' }; break;
    default: out = {}; // any, link, symbol, custom types: accept anything rather than guess wrong
  }
  const values = (d.allow ?? []).filter(isPlainValue);
  if (d.flags?.only && values.length > 0) {
    out = { ...(out.type ? { type: out.type } : {}), enum: values };
  } else if (values.includes(null) && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
  }
  const notes = [...(d.flags?.description ? [d.flags.description] : []), ...(d.notes ?? []), ...whenNotes(d),
    ...(typeof out.description === 'string' ? [out.description] : [])];
  if (notes.length) out.description = sentences(notes);
  if (d.flags && 'default' in d.flags && isJson(d.flags.default)) out.default = d.flags.default;
  if (d.examples?.length) out.examples = d.examples.filter(isJson);
  return out;
}

/** Joins description parts, ending each with a full stop so they read as sentences. */
function sentences(parts: string[]): string {
  return parts.map((p) => p.trim()).filter(Boolean).map((p, i, all) => (i < all.length - 1 && !/[.!?:]$/.test(p) ? `${p}.` : p)).join(' ');
}

function objectSchema(d: Described): JsonSchema {
  const out: JsonSchema = { type: 'object' };
  if (d.keys) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const aliased = new Set((d.renames ?? []).map((r) => r.to));
    for (const [key, child] of Object.entries(d.keys)) {
      if (child.flags?.presence === 'forbidden') continue;
      properties[key] = convert(child);
      // A key that an alias can fill is not strictly required in the wire schema; the rule says so instead.
      if (child.flags?.presence === 'required' && !aliased.has(key)) required.push(key);
    }
    for (const r of d.renames ?? []) {
      const target = d.keys[r.to];
      if (!target || properties[r.from]) continue;
      const alias = convert(target);
      alias.description = `Alias of '${r.to}'.`;
      delete alias.default;
      properties[r.from] = alias;
    }
    out.properties = properties;
    if (required.length) out.required = required;
    out.additionalProperties = d.flags?.unknown === true;
  } else {
    out.additionalProperties = true; // Joi.object() without keys accepts any keys
  }
  if (d.patterns?.length === 1) out.additionalProperties = convert(d.patterns[0].rule);
  else if (d.patterns?.length) out.additionalProperties = true;
  const rules = rulesOf(d);
  if (rules.length) out.description = rules.join(' ');
  return out;
}

function stringSchema(d: Described): JsonSchema {
  const out: JsonSchema = { type: 'string' };
  for (const r of d.rules ?? []) {
    const limit = r.args?.limit;
    if (r.name === 'min' && typeof limit === 'number') out.minLength = limit;
    else if (r.name === 'max' && typeof limit === 'number') out.maxLength = limit;
    else if (r.name === 'length' && typeof limit === 'number') { out.minLength = limit; out.maxLength = limit; }
    else if (r.name === 'pattern' && typeof r.args?.regex === 'string') {
      const m = /^\/(.*)\/([a-z]*)$/s.exec(r.args.regex);
      if (m && !m[2].includes('i')) out.pattern = m[1];
    }
    else if (r.name === 'email') out.format = 'email';
    else if (r.name === 'uri') out.format = 'uri';
    else if (r.name === 'guid') out.format = 'uuid';
    else if (r.name === 'isoDate') out.format = 'date-time';
  }
  return out;
}

function numberSchema(d: Described): JsonSchema {
  const out: JsonSchema = { type: 'number' };
  for (const r of d.rules ?? []) {
    const limit = r.args?.limit;
    if (r.name === 'integer') out.type = 'integer';
    else if (r.name === 'min' && typeof limit === 'number') out.minimum = limit;
    else if (r.name === 'max' && typeof limit === 'number') out.maximum = limit;
    else if (r.name === 'greater' && typeof limit === 'number') out.exclusiveMinimum = limit;
    else if (r.name === 'less' && typeof limit === 'number') out.exclusiveMaximum = limit;
    else if (r.name === 'sign' && r.args?.sign === 'positive') out.exclusiveMinimum = 0;
    else if (r.name === 'sign' && r.args?.sign === 'negative') out.exclusiveMaximum = 0;
  }
  return out;
}

function arraySchema(d: Described): JsonSchema {
  const out: JsonSchema = { type: 'array' };
  const items = d.items ?? [];
  if (items.length === 1) out.items = convert(items[0]);
  else if (items.length > 1) out.items = { anyOf: items.map(convert) };
  for (const r of d.rules ?? []) {
    const limit = r.args?.limit;
    if (r.name === 'min' && typeof limit === 'number') out.minItems = limit;
    else if (r.name === 'max' && typeof limit === 'number') out.maxItems = limit;
    else if (r.name === 'length' && typeof limit === 'number') { out.minItems = limit; out.maxItems = limit; }
    else if (r.name === 'unique') out.uniqueItems = true;
  }
  // `.single()` also accepts one bare item in place of the array.
  if (d.flags?.single && out.items) return { anyOf: [out, out.items] };
  return out;
}

function alternativesSchema(d: Described): JsonSchema {
  const options: JsonSchema[] = [];
  for (const m of d.matches ?? []) {
    for (const s of [m.schema, m.then, m.otherwise]) if (s) options.push(convert(s));
  }
  return options.length ? { anyOf: options } : {};
}

function rulesOf(d: Described): string[] {
  const q = (keys: string[]) => keys.map((k) => `'${k}'`).join(', ');
  const out: string[] = [];
  for (const r of d.renames ?? []) {
    if (d.keys?.[r.to]?.flags?.presence === 'required') out.push(`'${r.to}' (or its alias '${r.from}') is required.`);
  }
  for (const dep of d.dependencies ?? []) {
    switch (dep.rel) {
      case 'or': out.push(`At least one of ${q(dep.peers)} is required.`); break;
      case 'xor': out.push(`Exactly one of ${q(dep.peers)} is required.`); break;
      case 'oxor': out.push(`At most one of ${q(dep.peers)} may be given.`); break;
      case 'nand': out.push(`${q(dep.peers)} may not all be given together.`); break;
      case 'and': out.push(`${q(dep.peers)} must be given together.`); break;
      case 'with': if (dep.key) out.push(`'${dep.key}' needs ${q(dep.peers)}.`); break;
      case 'without': if (dep.key) out.push(`'${dep.key}' excludes ${q(dep.peers)}.`); break;
    }
  }
  return out;
}

/** "Required when `scope` is 'compare'." for `.when(ref, {is: value, then: required})`. */
function whenNotes(d: Described): string[] {
  const out: string[] = [];
  for (const w of d.whens ?? []) {
    const ref = w.ref?.path?.join('.');
    const values = (w.is?.allow ?? []).filter(isPlainValue);
    if (!ref || !values.length) continue;
    const cond = `'${ref}' is ${values.map((v) => JSON.stringify(v)).join(' or ')}`;
    if (w.then?.flags?.presence === 'required') out.push(`Required when ${cond}.`);
    else if (w.then?.flags?.presence === 'forbidden') out.push(`Not allowed when ${cond}.`);
    if (w.otherwise?.flags?.presence === 'required') out.push(`Required unless ${cond}.`);
  }
  return out;
}

/** Allow-list entries that are literal values (Joi also lists markers such as `{override: true}`). */
function isPlainValue(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function isJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return true;
  if (Array.isArray(v)) return v.every(isJson);
  if (typeof v === 'object') return !('special' in (v as object)) && Object.values(v as object).every(isJson);
  return false;
}

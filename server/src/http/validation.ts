import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { DATE_FORMAT, isRealDate } from '@zp/core/contract';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

/**
 * Text rules every string of every input schema gets at compile time (the contract's schemas are
 * left as they are, so the OpenAPI document does not change): no NUL or other control characters
 * (C0, C1, bidi overrides), which PostgreSQL refuses (NUL), only ever arrive as junk, or disguise
 * what a text says. Short fields are single lines;
 * long ones (maxLength 200 and more, or none: descriptions, messages) may hold tab and line breaks.
 */
const TEXT_KEYWORD = 'zpText';
const MULTILINE_FROM = 200;
// C1 controls too, and the bidi embeddings, overrides and isolates, which make a name or a file
// name read otherwise than it is ("简历\u202efdp.exe" shows as "简历exe.pdf").
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Half of a UTF-16 pair alone (JSON "\ud800"): no character at all, and PostgreSQL's json refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The text rule on its own, for text that arrives otherwise than as a string field (a socket's payload). */
export function isCleanText(text: string, multiline: boolean): boolean {
  return !(multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(text) && !LONE_SURROGATE.test(text);
}

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    verbose: true, // keeps parentSchema, whose title names the field in the message
    strict: false,
  });
  addFormats(ajv);
  // The contract's dates (DateText): the pattern gives the shape, this the calendar.
  ajv.addFormat(DATE_FORMAT, { type: 'string', validate: isRealDate });
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: false,
    validate: (mode: string, data: string) => isCleanText(data, mode !== 'line'),
  });
  return ajv;
}

/** Keys whose values are data, not subschemas. */
const DATA_KEYS = new Set(['default', 'examples', 'const', 'enum', 'title', 'description', 'pattern', 'format']);
/** Keys whose values map names (of fields, say) to subschemas: a field may be called `title`. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/** A copy of `schema` with the text rule on every string schema inside it. */
function withTextRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRules);
  if (!schema || typeof schema !== 'object') return schema;
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (DATA_KEYS.has(k)) out[k] = v;
    else if (SCHEMA_MAPS.has(k) && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, withTextRules(sub)]));
    } else out[k] = withTextRules(v);
  }
  const types = Array.isArray(src.type) ? src.type : [src.type];
  if (types.includes('string') && !src.enum && src.const === undefined) {
    const max = typeof src.maxLength === 'number' ? src.maxLength : Infinity;
    out[TEXT_KEYWORD] = max >= MULTILINE_FROM ? 'text' : 'line';
  }
  return out;
}

/** Bodies are JSON and must have the right types; query strings and paths are text and are coerced. */
const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

const caches = { input: [new WeakMap<object, ValidateFunction>(), new WeakMap<object, ValidateFunction>()], output: [new WeakMap<object, ValidateFunction>(), new WeakMap<object, ValidateFunction>()] };

/**
 * The validator of `schema`, compiled once per mode. Input (the default) also refuses control
 * characters in strings; `input: false` checks replies against their contract as written.
 */
export function compile(schema: object, coerce: boolean, opts: { input?: boolean } = {}): ValidateFunction {
  const input = opts.input !== false;
  const cache = caches[input ? 'input' : 'output'][coerce ? 1 : 0];
  let fn = cache.get(schema);
  if (!fn) {
    const ajv = coerce ? coercingAjv : strictAjv;
    fn = ajv.compile(input ? (withTextRules(schema) as object) : schema);
    cache.set(schema, fn);
  }
  return fn;
}

const typeNames: Record<string, string> = {
  string: '字符串', integer: '整数', number: '数字', boolean: '布尔值', object: '对象', array: '数组', null: '空值',
};

function label(err: ErrorObject | FastifySchemaValidationError, part: string): string {
  const e = err as ErrorObject;
  const path = (e.instancePath || '').split('/').filter(Boolean);
  const title = (e.parentSchema as { title?: string } | undefined)?.title;
  const name = path.length ? path.join('.') : part === 'body' ? '请求体' : '参数';
  return title ? `${title}(${name})` : name;
}

/** One precise Chinese sentence for the first validation error. */
export function describe(errors: (ErrorObject | FastifySchemaValidationError)[], part = 'body'): string {
  const e = errors[0] as ErrorObject;
  if (!e) return '参数错误';
  const p = (e.params ?? {}) as Record<string, unknown>;
  const what = label(e, part);
  switch (e.keyword) {
    case 'required': {
      const prop = String(p.missingProperty);
      const title = ((e.parentSchema as { properties?: Record<string, { title?: string }> })?.properties?.[prop]?.title);
      return `缺少必填参数：${title ? `${title}(${prop})` : prop}`;
    }
    case 'type':
      return `${what} 类型错误，应为${typeNames[String(p.type)] ?? p.type}`;
    case 'maxLength':
      return `${what} 长度不能超过 ${p.limit} 个字符`;
    case 'minLength':
      return p.limit === 1 ? `${what} 不能为空` : `${what} 长度不能少于 ${p.limit} 个字符`;
    case 'pattern':
      return `${what} 格式不正确`;
    case 'format':
      if (p.format === DATE_FORMAT) return `${what} 不是有效的${String(e.data).includes(':') ? '日期时间' : '日期'}`;
      return `${what} 格式不正确`;
    case 'enum':
      return `${what} 取值无效，可选值：${(p.allowedValues as unknown[]).join('、')}`;
    case 'const':
      return `${what} 取值无效`;
    case 'minimum':
      return `${what} 不能小于 ${p.limit}`;
    case 'maximum':
      return `${what} 不能大于 ${p.limit}`;
    case 'minItems':
      return `${what} 至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `${what} 最多 ${p.limit} 项`;
    case TEXT_KEYWORD:
      return `${what} 含有非法字符`;
    case 'anyOf':
    case 'oneOf':
      return `${what} 取值无效`;
    default:
      return `${what} 无效`;
  }
}

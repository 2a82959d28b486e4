import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

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
  return ajv;
}

/** Bodies are JSON and must have the right types; query strings and paths are text and are coerced. */
export const strictAjv = makeAjv(false);
export const coercingAjv = makeAjv(true);

const cache = new WeakMap<object, ValidateFunction>();
export function compile(schema: object, coerce: boolean): ValidateFunction {
  const ajv = coerce ? coercingAjv : strictAjv;
  let fn = cache.get(schema);
  if (!fn || (fn as unknown as { _coerce: boolean })._coerce !== coerce) {
    fn = ajv.compile(schema);
    (fn as unknown as { _coerce: boolean })._coerce = coerce;
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
    case 'anyOf':
    case 'oneOf':
      return `${what} 取值无效`;
    default:
      return `${what} 无效`;
  }
}

/**
 * A tiny declarative checker for the reply shapes the previous web client reads: a shape is a
 * plain description (field names, nesting, types), and `firstDifference` names the first field
 * where a reply departs from it, e.g. `page.list[0].gwzt: expected string, got number 2`.
 * Extra fields are always allowed: the client ignores what it does not read.
 */

export type Shape =
  | { t: 'string' }
  | { t: 'pattern'; re: RegExp; label: string }
  | { t: 'number' }
  /** the number 0 exactly (the envelope's code; the client tests `code === 0`) */
  | { t: 'zero' }
  | { t: 'boolish' }
  /** any value but undefined: the client reads the field, its type is not documented */
  | { t: 'present' }
  | { t: 'literal'; values: readonly (string | number | boolean | null)[] }
  /** min: the demo data guarantees rows, so that the row shape is really checked */
  | { t: 'array'; item?: Shape; min?: number }
  | { t: 'object'; fields: Record<string, Shape> }
  /** an object used as a map: every value has the shape */
  | { t: 'record'; value: Shape; nonEmpty?: boolean }
  | { t: 'nullable'; inner: Shape }
  | { t: 'optional'; inner: Shape }
  | { t: 'oneOf'; options: Shape[]; label: string };

export const S = {
  str: { t: 'string' } as Shape,
  num: { t: 'number' } as Shape,
  zero: { t: 'zero' } as Shape,
  /** read for truthiness only (sfsc): a boolean or 0/1, never the string '0' */
  boolish: { t: 'boolish' } as Shape,
  any: { t: 'present' } as Shape,
  lit: (...values: (string | number | boolean | null)[]): Shape => ({ t: 'literal', values }),
  arr: (item?: Shape): Shape => ({ t: 'array', item }),
  /** an array the demo data fills: an empty one would hide the row shape */
  rows: (item: Shape): Shape => ({ t: 'array', item, min: 1 }),
  obj: (fields: Record<string, Shape>): Shape => ({ t: 'object', fields }),
  rec: (value: Shape, nonEmpty = false): Shape => ({ t: 'record', value, nonEmpty }),
  nullable: (inner: Shape): Shape => ({ t: 'nullable', inner }),
  opt: (inner: Shape): Shape => ({ t: 'optional', inner }),
  oneOf: (label: string, ...options: Shape[]): Shape => ({ t: 'oneOf', options, label }),
  /** `YYYY-MM-DD HH:mm:ss`, the form the shapes file asks for fair and job times (§0) */
  dateTime: { t: 'pattern', re: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, label: 'a YYYY-MM-DD HH:mm:ss string' } as Shape,
};

/** `{code: 0, ...payload}`: the payload sits beside code, not under data. */
export function envelope(payload: Record<string, Shape> = {}): Shape {
  return S.obj({ code: S.zero, ...payload });
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === 'object') return 'object';
  const text = JSON.stringify(v);
  return `${typeof v} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

function describeShape(s: Shape): string {
  switch (s.t) {
    case 'zero':
      return 'the number 0';
    case 'present':
      return 'a value';
    case 'boolish':
      return 'boolean or 0/1';
    case 'literal':
      return `one of ${JSON.stringify(s.values)}`;
    case 'record':
      return s.nonEmpty ? 'a non-empty object map' : 'an object map';
    case 'nullable':
      return `${describeShape(s.inner)} or null`;
    case 'optional':
      return describeShape(s.inner);
    case 'oneOf':
    case 'pattern':
      return s.label;
    default:
      return s.t;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first place where `value` departs from `shape`, or null when it fits. Arrays: every item is checked. */
export function firstDifference(shape: Shape, value: unknown, at = ''): string | null {
  return differences(shape, value, at, 1)[0] ?? null;
}

/**
 * Up to `limit` places where `value` departs from `shape` (an object's fields in order; of an
 * array, the first item that departs), so that one run shows what a call is missing.
 */
export function differences(shape: Shape, value: unknown, at = '', limit = 20): string[] {
  const out: string[] = [];
  collect(shape, value, at, out, limit);
  return out;
}

function collect(shape: Shape, value: unknown, at: string, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (shape.t === 'object' && isPlain(value)) {
    for (const [k, s] of Object.entries(shape.fields)) collect(s, value[k], at ? `${at}.${k}` : k, out, limit);
    return;
  }
  if (shape.t === 'array' && Array.isArray(value) && shape.item && !(shape.min && value.length < shape.min)) {
    for (let i = 0; i < value.length; i++) {
      const before = out.length;
      collect(shape.item, value[i], `${at}[${i}]`, out, limit);
      if (out.length > before) return;
    }
    return;
  }
  if ((shape.t === 'optional' || shape.t === 'nullable') && value !== undefined && value !== null) {
    collect(shape.inner, value, at, out, limit);
    return;
  }
  const d = single(shape, value, at);
  if (d) out.push(d);
}

function single(shape: Shape, value: unknown, at: string): string | null {
  const here = at || '(reply)';
  const wrong = () => `${here}: expected ${describeShape(shape)}, got ${describeValue(value)}`;
  switch (shape.t) {
    case 'optional':
      return value === undefined ? null : firstDifference(shape.inner, value, at);
    case 'nullable':
      return value === null ? null : firstDifference(shape.inner, value, at);
    case 'present':
      return value === undefined ? wrong() : null;
    case 'string':
      return typeof value === 'string' ? null : wrong();
    case 'pattern':
      return typeof value === 'string' && shape.re.test(value) ? null : wrong();
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrong();
    case 'zero':
      return value === 0 ? null : wrong();
    case 'boolish':
      return typeof value === 'boolean' || value === 0 || value === 1 ? null : wrong();
    case 'literal':
      return shape.values.includes(value as never) ? null : wrong();
    case 'oneOf':
      return shape.options.some((o) => firstDifference(o, value, at) === null) ? null : wrong();
    case 'array': {
      if (!Array.isArray(value)) return wrong();
      if (shape.min && value.length < shape.min) return `${here}: expected at least ${shape.min} row(s) (the demo data has some), got array(${value.length})`;
      if (!shape.item) return null;
      for (let i = 0; i < value.length; i++) {
        const d = firstDifference(shape.item, value[i], `${at}[${i}]`);
        if (d) return d;
      }
      return null;
    }
    case 'object': {
      if (!isPlain(value)) return wrong();
      for (const [k, s] of Object.entries(shape.fields)) {
        const d = firstDifference(s, value[k], at ? `${at}.${k}` : k);
        if (d) return d;
      }
      return null;
    }
    case 'record': {
      if (!isPlain(value)) return wrong();
      const entries = Object.entries(value);
      if (shape.nonEmpty && entries.length === 0) return `${here}: expected a non-empty object map, got {}`;
      for (const [k, v] of entries) {
        const d = firstDifference(shape.value, v, `${at}[${JSON.stringify(k)}]`);
        if (d) return d;
      }
      return null;
    }
  }
}

/**
 * The shape implied by the inventory's "response fields read" column, for the calls the shapes
 * file does not describe: each named field present; `x.forEach` / `.reduce` / `.map` / `.length`
 * and names ending in list/List make x an array; `x.replace` a string; page and login-log counts
 * (`totalCount`, `totalPage`, `currPage`, `total`) numbers; a dotted name nests.
 */
export function shapeOfFieldsRead(fields: readonly string[]): Shape {
  const root: Record<string, Shape> = {};
  const leafOf = (name: string, method?: string): Shape => {
    if (method === 'forEach' || method === 'reduce' || method === 'map' || method === 'length') return S.arr();
    if (method === 'replace') return S.str;
    if (/^(totalCount|totalPage|currPage|total)$/.test(name)) return S.num;
    if (/(list|List|records)$/.test(name)) return S.arr();
    return S.any;
  };
  for (const f of fields) {
    const parts = f.split('.');
    const method = /^(forEach|reduce|map|length|replace)$/.test(parts[parts.length - 1]) ? parts.pop() : undefined;
    let node = root;
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i];
      const last = i === parts.length - 1;
      if (last) {
        const existing = node[name];
        // a name already seen as a parent (page with page.list) stays an object
        if (!existing || existing.t === 'present' || method) node[name] = existing?.t === 'object' && !method ? existing : leafOf(name, method);
      } else {
        const existing = node[name];
        if (existing?.t === 'object') node = existing.fields;
        else {
          const child: Shape = S.obj({});
          node[name] = child;
          node = (child as { t: 'object'; fields: Record<string, Shape> }).fields;
        }
      }
    }
  }
  return envelope(root);
}

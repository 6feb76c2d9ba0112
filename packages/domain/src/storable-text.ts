/**
 * Text PostgreSQL cannot store (issue 32 item 4). Its `text` in UTF-8 refuses U+0000
 * ("invalid byte sequence for encoding \"UTF8\": 0x00") and so does `jsonb` ("unsupported
 * Unicode escape sequence"); a UTF-16 surrogate without its other half is no character at all
 * and has no UTF-8 form, so a driver either fails on it or silently writes U+FFFD in its place.
 * Every other JavaScript string — any Unicode scalar value, U+FFFF and emoji included — is
 * stored as it is, so these two are the whole rule.
 */

/** Any NUL or any surrogate: one native scan clears the common case before the exact check. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** True when `text` has no NUL and every surrogate is half of a pair (high then low). */
export function isStorableText(text: string): boolean {
  if (!SUSPECT.test(text)) return true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** A step of the path to a value: an object's key or an array's index. */
export type TextPath = (string | number)[];

/**
 * Where a string that cannot be stored is in a JSON-like value (strings, arrays, plain objects
 * and their keys), or null when there is none; of several, one nearest the top is named. An
 * object key that cannot be stored answers the path of its object: the key itself is what is
 * wrong, and it cannot be shown. Anything else (numbers, Buffers, class instances) is not text
 * and is passed over. The walk keeps its own stack, so a deeply nested body cannot overflow the
 * call stack.
 */
export function unstorableTextPath(value: unknown): TextPath | null {
  interface Step {
    value: unknown;
    parent: Step | null;
    key: string | number | null;
  }
  const pathOf = (step: Step | null): TextPath => {
    const path: TextPath = [];
    for (let s = step; s && s.key !== null; s = s.parent) path.push(s.key);
    return path.reverse();
  };
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  const stack: Step[] = [{ value, parent: null, key: null }];
  // Strings are judged where they are met and numbers passed over: only containers are stacked
  // (a station's body holds tens of thousands of strapping numbers).
  const visit = (child: unknown, parent: Step, key: string | number): TextPath | null => {
    if (typeof child === 'string') return isStorableText(child) ? null : [...pathOf(parent), key];
    if (typeof child === 'object' && child !== null) stack.push({ value: child, parent, key });
    return null;
  };
  while (stack.length > 0) {
    const step = stack.pop()!;
    const v = step.value;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const bad = visit(v[i], step, i);
        if (bad) return bad;
      }
    } else if (isPlainObject(v)) {
      for (const key of Object.keys(v)) {
        if (!isStorableText(key)) return pathOf(step);
        const bad = visit(v[key], step, key);
        if (bad) return bad;
      }
    }
  }
  return null;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  // Fastify's parsed query and route params are made by a constructor whose prototype has no
  // prototype itself (no inherited keys, nothing to walk into); JSON gives plain objects.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

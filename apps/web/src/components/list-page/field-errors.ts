import { CODES } from '@ullage/contracts/codes';
import type { FieldProblem } from '@ullage/contracts/envelope';

/**
 * Server refusals shown on the form fields they concern. 91011 carries
 * `data.fields = [{ field, rule, message }]`; 80006 (a code that exists) concerns the code
 * field. The API client toasts the message as well (spec §8).
 */
export type NamePath = (string | number)[];

export interface FieldErrorEntry {
  name: NamePath;
  errors: string[];
}

/** What the client's ApiError exposes; kept structural so this stays free of the DOM. */
export interface RefusalLike {
  code: number | null;
  message: string;
  envelope?: { msg?: string; data?: unknown } | undefined;
}

/**
 * `tankTypes.0.code`, `tankTypes[0].code` or `/tankTypes/0/code` → ['tankTypes', 0, 'code'],
 * the name path antd's Form uses for list fields.
 */
export function fieldPath(field: string): NamePath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function isFieldProblem(value: unknown): value is FieldProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { field?: unknown }).field === 'string' &&
    typeof ((value as { message?: unknown }).message ?? '') === 'string'
  );
}

export function problemsOf(data: unknown): FieldProblem[] {
  if (typeof data !== 'object' || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  return Array.isArray(fields) ? fields.filter(isFieldProblem) : [];
}

export interface MapOptions {
  /** Top-level form fields; problems about other fields are left to the toast. */
  known: readonly string[];
  /** The field a 80006 refusal concerns (the company code). */
  conflictField?: string;
  /** Text for 80006 when the server sent none. */
  conflictFallback?: string;
}

/** The form errors a refusal carries, grouped by field, in the server's order. */
export function fieldErrorsFromRefusal(error: RefusalLike, options: MapOptions): FieldErrorEntry[] {
  if (error.code === CODES.conflict && options.conflictField) {
    const text = error.envelope?.msg?.trim() || error.message || options.conflictFallback || '';
    const fromFields = problemsOf(error.envelope?.data).filter((p) => fieldPath(p.field)[0] === options.conflictField);
    return [{ name: [options.conflictField], errors: fromFields.length ? fromFields.map((p) => p.message || text) : [text] }];
  }
  if (error.code !== CODES.validation) return [];
  const byKey = new Map<string, FieldErrorEntry>();
  for (const problem of problemsOf(error.envelope?.data)) {
    const name = fieldPath(problem.field);
    const head = name[0];
    if (typeof head !== 'string' || !options.known.includes(head)) continue;
    const key = JSON.stringify(name);
    const text = problem.message?.trim() || error.envelope?.msg?.trim() || problem.rule;
    const entry = byKey.get(key);
    if (entry) {
      if (!entry.errors.includes(text)) entry.errors.push(text);
    } else byKey.set(key, { name, errors: [text] });
  }
  return [...byKey.values()];
}

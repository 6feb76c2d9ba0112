/**
 * Processing an offline record (spec §3 offline record, §4 "unprocessed or processed", §5
 * "for offline records the processing person, type and content" are required): who dealt
 * with the outage, what kind it was, and what was done. One rule set for the form and the
 * server, so both refuse the same input with the same field and rule.
 */
export const OFFLINE_TYPES = ['shutdown', 'atg-fault', 'human', 'other'] as const;
export type OfflineType = (typeof OFFLINE_TYPES)[number];

/** The handler is a person's name; the content a short account of what was done. */
export const OFFLINE_HANDLER_MAX = 50;
export const OFFLINE_CONTENT_MAX = 500;

export interface OfflineProcessing {
  handler: string;
  type: string;
  content: string;
}

export interface OfflineProcessingProblem {
  field: 'handler' | 'type' | 'content';
  rule: 'required' | 'tooLong' | 'oneOf';
  params?: Record<string, string | number>;
}

export function isOfflineType(value: string): value is OfflineType {
  return (OFFLINE_TYPES as readonly string[]).includes(value);
}

/**
 * What is wrong with a processing, field by field, in the form's order (handler, type,
 * content). Text is judged trimmed: spaces alone are no handler and no content.
 */
export function offlineProcessingProblems(input: OfflineProcessing): OfflineProcessingProblem[] {
  const problems: OfflineProcessingProblem[] = [];
  const handler = input.handler.trim();
  if (handler === '') problems.push({ field: 'handler', rule: 'required' });
  else if (handler.length > OFFLINE_HANDLER_MAX) problems.push({ field: 'handler', rule: 'tooLong', params: { max: OFFLINE_HANDLER_MAX } });
  const type = input.type.trim();
  if (type === '') problems.push({ field: 'type', rule: 'required' });
  else if (!isOfflineType(type)) problems.push({ field: 'type', rule: 'oneOf', params: { values: OFFLINE_TYPES.join(', ') } });
  const content = input.content.trim();
  if (content === '') problems.push({ field: 'content', rule: 'required' });
  else if (content.length > OFFLINE_CONTENT_MAX) problems.push({ field: 'content', rule: 'tooLong', params: { max: OFFLINE_CONTENT_MAX } });
  return problems;
}

/** The processing as stored: trimmed. Call after offlineProcessingProblems found nothing. */
export function normalisedOfflineProcessing(input: OfflineProcessing): { handler: string; type: OfflineType; content: string } {
  const type = input.type.trim();
  if (!isOfflineType(type)) throw new RangeError(`not an offline type: ${type}`);
  return { handler: input.handler.trim(), type, content: input.content.trim() };
}

/** How long a station was offline, in whole seconds; an ongoing outage counts to `nowMs`. */
export function offlineDurationSeconds(startedAtMs: number, endedAtMs: number | null, nowMs: number): number {
  return Math.max(0, Math.floor(((endedAtMs ?? nowMs) - startedAtMs) / 1000));
}

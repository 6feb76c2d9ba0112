import { describe, expect, it } from 'vitest';
import { normalisedOfflineProcessing, offlineDurationSeconds, offlineProcessingProblems, OFFLINE_CONTENT_MAX, OFFLINE_HANDLER_MAX } from './offline-processing';

const good = { handler: 'Li Wei', type: 'atg-fault', content: 'Console restarted, network cable replaced' };

describe('offline record processing (spec §5: processing person, type and content are required)', () => {
  it.each([
    ['a complete processing', good, []],
    ['no handler', { ...good, handler: '' }, [{ field: 'handler', rule: 'required' }]],
    ['a handler of spaces', { ...good, handler: '   ' }, [{ field: 'handler', rule: 'required' }]],
    ['no type', { ...good, type: '' }, [{ field: 'type', rule: 'required' }]],
    ['an unknown type', { ...good, type: 'weather' }, [{ field: 'type', rule: 'oneOf', params: { values: 'shutdown, atg-fault, human, other' } }]],
    ['no content', { ...good, content: ' \n ' }, [{ field: 'content', rule: 'required' }]],
    ['nothing at all', { handler: '', type: '', content: '' }, [
      { field: 'handler', rule: 'required' },
      { field: 'type', rule: 'required' },
      { field: 'content', rule: 'required' },
    ]],
  ])('%s', (_name, input, problems) => {
    expect(offlineProcessingProblems(input)).toEqual(problems);
  });

  it.each(['shutdown', 'atg-fault', 'human', 'other'])('type %s is one of the four of spec §3', (type) => {
    expect(offlineProcessingProblems({ ...good, type })).toEqual([]);
  });

  it('the handler is at most 50 characters and the content at most 500, counted trimmed', () => {
    expect(offlineProcessingProblems({ ...good, handler: 'h'.repeat(OFFLINE_HANDLER_MAX) })).toEqual([]);
    expect(offlineProcessingProblems({ ...good, handler: ` ${'h'.repeat(OFFLINE_HANDLER_MAX)} ` })).toEqual([]);
    expect(offlineProcessingProblems({ ...good, handler: 'h'.repeat(OFFLINE_HANDLER_MAX + 1) })).toEqual([{ field: 'handler', rule: 'tooLong', params: { max: 50 } }]);
    expect(offlineProcessingProblems({ ...good, content: '处'.repeat(OFFLINE_CONTENT_MAX) })).toEqual([]);
    expect(offlineProcessingProblems({ ...good, content: 'c'.repeat(OFFLINE_CONTENT_MAX + 1) })).toEqual([{ field: 'content', rule: 'tooLong', params: { max: 500 } }]);
  });

  it('stores the processing trimmed', () => {
    expect(normalisedOfflineProcessing({ handler: ' Li Wei ', type: ' human ', content: ' Power restored \n' })).toEqual({ handler: 'Li Wei', type: 'human', content: 'Power restored' });
    expect(() => normalisedOfflineProcessing({ ...good, type: 'weather' })).toThrow(RangeError);
  });

  it('an outage lasts from the last contact to the return, or to now while it goes on', () => {
    const start = Date.parse('2026-11-22T10:00:00Z');
    expect(offlineDurationSeconds(start, start + 95 * 60_000, start + 999 * 60_000)).toBe(5700);
    expect(offlineDurationSeconds(start, null, start + 20 * 60_000 + 999)).toBe(1200);
    expect(offlineDurationSeconds(start, null, start - 5000)).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { EMPTY_LOG_FILTER, logFilterParams, readLogFilter } from './log-filter';

describe('the Event log filter in the address', () => {
  it('reads back what it wrote, and leaves empty fields out', () => {
    const filter = { ...EMPTY_LOG_FILTER, stream: 'user-1', type: 'UserRegistered', context: 'identity', from: '2026-11-01T00:00:00.000Z', before: 120 };
    const params = logFilterParams(filter);
    expect(params.toString()).toBe('stream=user-1&type=UserRegistered&context=identity&from=2026-11-01T00%3A00%3A00.000Z&before=120');
    expect(readLogFilter(params)).toEqual(filter);
    expect(logFilterParams(EMPTY_LOG_FILTER).toString()).toBe('');
  });

  it('drops an unknown context and a bad position instead of failing', () => {
    expect(readLogFilter(new URLSearchParams('context=payroll&before=-3&actor=x'))).toEqual({ ...EMPTY_LOG_FILTER, actor: 'x' });
    expect(readLogFilter(new URLSearchParams('before=1.5')).before).toBeNull();
  });
});

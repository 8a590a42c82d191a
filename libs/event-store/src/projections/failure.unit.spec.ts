import type { StoredEvent } from '../port.js';
import { describeFailure, isTransientError } from './failure.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransientError', () => {
  it.each(['08006', '08003', '53300', '57P01', '57014', '58030', '40001', '40P01', '55P03'])('%s: the database was in the way', (code) => {
    expect(isTransientError(pgError(code))).toBe(true);
  });
  it.each(['22021', '22P05', '23505', '23514', '42P01', '42703', 'XX000'])('%s: a property of the event and the code', (code) => {
    expect(isTransientError(pgError(code))).toBe(false);
  });
  it('knows dropped sockets and the driver messages, also as a cause; a plain bug is not transient', () => {
    expect(isTransientError(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientError(new Error('wrapped', { cause: pgError('40001') }))).toBe(true);
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientError('a string')).toBe(false);
  });
});

describe('describeFailure', () => {
  it('names the event and the code, and stays storable in a text column (no NUL, no lone surrogate)', () => {
    const event = { type: 'QuickContactReceived', id: '0f8fad5b-d9cb-469f-a165-70867728950e' } as StoredEvent;
    const text = describeFailure(event, pgError('22021', 'bad "a\u0000b\ud800"'));
    expect(text).toBe('QuickContactReceived 0f8fad5b-d9cb-469f-a165-70867728950e: [22021] bad "a\\0b\uFFFD"');
    expect(describeFailure(event, new Error('y'.repeat(5000)))).toHaveLength(1000);
  });
});

import { describe, expect, it } from '@jest/globals';
import { asOfParams, readAsOfAsk } from './as-of-ask';

describe("time travel's question in the page address", () => {
  it('reads a whole question and writes it back the same', () => {
    const params = new URLSearchParams('at=2026-11-24T10:00:00.000Z&view=gradebook&id=abc');
    const ask = readAsOfAsk(params);
    expect(ask).toEqual({ at: '2026-11-24T10:00:00.000Z', view: 'gradebook', id: 'abc' });
    expect(asOfParams(ask!).toString()).toBe(params.toString());
  });

  it('needs a readable time, and an id for every view but the pipeline', () => {
    expect(readAsOfAsk(new URLSearchParams('view=pipeline'))).toBeNull();
    expect(readAsOfAsk(new URLSearchParams('at=last+tuesday&view=pipeline'))).toBeNull();
    expect(readAsOfAsk(new URLSearchParams('at=2026-11-24T10:00:00Z&view=enrollment'))).toBeNull();
    expect(readAsOfAsk(new URLSearchParams('at=2026-11-24T10:00:00Z&view=pipeline&id=x'))).toEqual({ at: '2026-11-24T10:00:00Z', view: 'pipeline', id: '' });
    // An unknown view (an edited link) reads as the enrollment.
    expect(readAsOfAsk(new URLSearchParams('at=2026-11-24T10:00:00Z&view=moods&id=e1'))?.view).toBe('enrollment');
  });
});

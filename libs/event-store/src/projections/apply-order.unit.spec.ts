// The apply order computed from declared tables (ADR 0035): where a set's collected events are written
// before a handler, which declarations a projection is refused for, and how a set's events fold into runs.
import { describe, expect, it } from '@jest/globals';
import { defineEntity, p } from '@mikro-orm/core';
import type { StoredEvent } from '../port.js';
import { applyOrder, foldRuns, withTables } from './apply-order.js';
import { assertProjection } from './apply.js';
import type { Projection, SetHandler, TableUse } from './types.js';

const ev = (type: string, position: number) => ({ type, position }) as StoredEvent;
const noop = async () => {};
const table = (name: string) => defineEntity({ name: `T_${name}`, tableName: name, properties: { id: p.uuid().primary() } });
const orm = { entities: ['work', 'people', 'log'].map(table), migrations: [] };

/** A set whose runs take events while they are of one type (a run of one type, then the next). */
function set(types: string[], use: TableUse): SetHandler<string[]> {
  return {
    types,
    ...use,
    start: (e) => [`${e.type}${e.position}`],
    add(run, e) {
      if (!run[0].startsWith(e.type)) return false;
      run.push(`${e.type}${e.position}`);
      return true;
    },
    write: noop,
  };
}
const projection = (sets: SetHandler[], handlers: Projection['handlers']): Projection => ({ name: 'p', version: 1, orm, sets, handlers });

describe('apply order', () => {
  it("writes a set's collected events before a handler that writes its table, reads it, or writes a table it reads; not before others", () => {
    const work = set(['Submitted', 'Graded'], { writes: ['work'], reads: ['people'] });
    const routes = applyOrder(
      projection([work], {
        ...withTables({ writes: ['people', 'work'] }, { Deleted: noop }),
        ...withTables({ writes: ['people'] }, { Renamed: noop }),
        ...withTables({ writes: ['log'], reads: ['work'] }, { Counted: noop }),
        ...withTables({ writes: ['log'], reads: ['people'] }, { Logged: noop }),
      }),
    );
    expect(routes.get('Submitted')).toEqual({ set: 0 });
    const first = (type: string) => {
      const route = routes.get(type)!;
      return 'writeFirst' in route ? route.writeFirst : 'set';
    };
    expect([first('Deleted'), first('Renamed'), first('Counted'), first('Logged')]).toEqual([[0], [0], [0], []]);
  });

  it('refuses a type with two handlers, two sets sharing a table, and a table the projection does not have, naming types and table', () => {
    const a = set(['Submitted'], { writes: ['work'] });
    expect(() => assertProjection(projection([a], withTables({ writes: ['work'] }, { Submitted: noop })))).toThrow('projection p: event type Submitted has two handlers');
    expect(() => assertProjection(projection([a, set(['Graded', 'Passed'], { writes: ['log'], reads: ['work'] })], {}))).toThrow(
      'projection p: the set of Submitted and the set of Graded, Passed both use table work',
    );
    expect(() => assertProjection(projection([a], withTables({ writes: ['peeple'] }, { Renamed: noop })))).toThrow(
      'projection p: the handler of Renamed declares table peeple, which is not one of its tables (work, people, log)',
    );
    expect(() => assertProjection(projection([a, set(['Graded'], { writes: ['log'], reads: ['people'] })], withTables({ writes: ['people', 'work'] }, { Deleted: noop })))).not.toThrow();
  });

  it('refuses a bad name or version, and wants the orm that makes its tables', () => {
    expect(() => assertProjection({ ...projection([], {}), version: 0 })).toThrow(/version/);
    expect(() => assertProjection({ ...projection([], {}), orm: undefined } as unknown as Projection)).toThrow(/orm/);
    expect(() => assertProjection({ ...projection([], {}), name: 'Bad' })).toThrow(/invalid projection name/);
  });
});

describe('foldRuns', () => {
  it('starts a run with one event and a new one at each event the run cannot express, in log order', () => {
    const runs = foldRuns(set(['A', 'B'], { writes: ['work'] }), [ev('A', 1), ev('A', 2), ev('B', 3), ev('A', 4), ev('A', 5)]);
    expect(runs).toEqual([['A1', 'A2'], ['B3'], ['A4', 'A5']]);
  });

  it('gives no run for no events', () => {
    expect(foldRuns(set(['A'], { writes: ['work'] }), [])).toEqual([]);
  });
});

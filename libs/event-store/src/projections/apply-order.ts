// The order in which a projection's handlers and sets write a batch (ADR 0035), computed from the tables
// each declares: an event of a set is collected, and its set's events collected so far are written
// before the first later event whose handler touches a table the set writes (or writes a table the set
// reads). Two sets never share a table: the apply step writes a set's runs as a whole, so it could not
// keep two sets' events in log order. A projection whose declarations conflict is refused when its runner
// (or a rebuild, or the audit) starts, naming the types and the table.
import { EntitySchema } from '@mikro-orm/core';
import type { StoredEvent } from '../port.js';
import type { EventHandler, Handler, Projection, SetHandler, TableUse } from './types.js';

/** Where an event type goes: collected for a set, or to its handler once the sets it must follow are written. */
export type Route = { set: number } | { handler: Handler; writeFirst: readonly number[] };

/** `handlers`, each declared to touch `tables`: the handlers of a group that writes the same tables. */
export function withTables(tables: TableUse, handlers: Record<string, EventHandler>): Record<string, Handler> {
  return Object.fromEntries(Object.entries(handlers).map(([type, apply]) => [type, { ...tables, apply }]));
}

/** The table a MikroORM entity names (`defineEntity({ tableName })`), or undefined when it names none. */
export function tableNameOf(entity: unknown): string | undefined {
  return entity instanceof EntitySchema ? entity.meta.tableName : undefined;
}

/** The runs a set writes for `events` (its types, in log order): each as long as `add` takes the next event. */
export function foldRuns<Run>(set: SetHandler<Run>, events: readonly StoredEvent[]): Run[] {
  const runs: Run[] = [];
  for (const e of events) {
    if (runs.length > 0 && set.add(runs[runs.length - 1], e)) continue;
    runs.push(set.start(e));
  }
  return runs;
}

const orders = new WeakMap<Projection, ReadonlyMap<string, Route>>();

/** The projection's routes by event type, computed once; throws when its declarations conflict. */
export function applyOrder(p: Projection): ReadonlyMap<string, Route> {
  let order = orders.get(p);
  if (!order) {
    order = computeOrder(p);
    orders.set(p, order);
  }
  return order;
}

function computeOrder(p: Projection): ReadonlyMap<string, Route> {
  const sets = p.sets ?? [];
  assertKnownTables(p);
  assertSetsApart(p.name, sets);
  const routes = new Map<string, Route>();
  const claim = (type: string, route: Route) => {
    if (routes.has(type)) throw new Error(`projection ${p.name}: event type ${type} has two handlers`);
    routes.set(type, route);
  };
  sets.forEach((set, i) => set.types.forEach((type) => claim(type, { set: i })));
  for (const [type, handler] of Object.entries(p.handlers)) {
    const writeFirst = sets.flatMap((set, i) => (sharedTable(handler, set) === undefined ? [] : [i]));
    claim(type, { handler, writeFirst });
  }
  return routes;
}

/** A table one of the two writes and the other touches: their events must keep their order. */
function sharedTable(a: TableUse, b: TableUse): string | undefined {
  const touches = (u: TableUse) => [...u.writes, ...(u.reads ?? [])];
  return a.writes.find((t) => touches(b).includes(t)) ?? b.writes.find((t) => touches(a).includes(t));
}

function assertSetsApart(name: string, sets: readonly SetHandler[]): void {
  sets.forEach((a, i) =>
    sets.slice(i + 1).forEach((b) => {
      const table = sharedTable(a, b);
      if (table !== undefined) {
        throw new Error(`projection ${name}: the set of ${a.types.join(', ')} and the set of ${b.types.join(', ')} both use table ${table}: a table a set writes is no other set's`);
      }
    }),
  );
}

/** Every declared table is one of the projection's entities' tables (when its entities name them). */
function assertKnownTables(p: Projection): void {
  const names = p.orm.entities.map(tableNameOf);
  if (names.length === 0 || names.includes(undefined)) return;
  const known = new Set(names);
  const declarers: [string, TableUse][] = [
    ...(p.sets ?? []).map((s): [string, TableUse] => [`the set of ${s.types.join(', ')}`, s]),
    ...Object.entries(p.handlers).map(([type, h]): [string, TableUse] => [`the handler of ${type}`, h]),
  ];
  for (const [who, use] of declarers) {
    const unknown = [...use.writes, ...(use.reads ?? [])].find((t) => !known.has(t));
    if (unknown !== undefined) throw new Error(`projection ${p.name}: ${who} declares table ${unknown}, which is not one of its tables (${[...known].join(', ')})`);
  }
}

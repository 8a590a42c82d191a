// A published event (ADR 0017): the type constant, the CURRENT schema version, the zod schema of what
// producers write at that version, and the upcasters that turn every older stored version into it.
// Producers: the event store checks each appended event of a published type against `schema` (and
// stamps `version`). Consumers: `parse(event)` instead of a cast; an older stored event is upcast
// first (the store normally did that on read already), a newer one is refused loudly.
import { z } from 'zod';

/** What `parse` needs of a stored event (StoredEvent of @academy/event-store fits). */
export interface EventEnvelope {
  type: string;
  /** Absent means 1, as in the event store. */
  schemaVersion?: number;
  data: unknown;
  personal?: { data: Record<string, unknown> } | null;
}

/**
 * data of version v → data of version v + 1. Each is written against the shape of its version
 * (`(v1: DataV1) => …`) and is given that version's stored data unchecked: method syntax makes such
 * a function fit a parameter of `unknown` (parameters of methods are bivariant).
 */
export type EventUpcaster = { upcast(data: unknown): unknown }['upcast'];

/** An upcaster for every version before the current one, by the version it reads. */
export type EventUpcasters = Record<number, EventUpcaster>;

export interface PublishedEvent<TType extends string = string, TData = unknown, TPersonal = never> {
  readonly type: TType;
  /** The version producers write now; stored older versions are upcast to it on read. */
  readonly version: number;
  readonly schema: z.ZodType<TData>;
  /** The encrypted personal part's shape, when the event has one (absent on read once erased). */
  readonly personalSchema: z.ZodType<TPersonal> | null;
  readonly upcasters: EventUpcasters;
  /** The event's data at the current version, checked; throws on another type or a shape that does not fit. */
  parse(event: EventEnvelope): TData;
  /** The decrypted personal part, checked; null when the event has none or its subject was erased. */
  personal(event: EventEnvelope): TPersonal | null;
}

/** The data type of a published event. */
export type EventData<E> = E extends PublishedEvent<string, infer D, unknown> ? D : never;
/** The personal part's type of a published event. */
export type EventPersonal<E> = E extends PublishedEvent<string, unknown, infer P> ? P : never;

export class PublishedEventError extends Error {
  override readonly name = 'PublishedEventError';
}

/** Applies the upcasters from `from` up to `to`; throws when a step is missing or `from` is newer than `to`. */
export function upcastData(type: string, data: unknown, from: number, to: number, upcasters: EventUpcasters): unknown {
  if (from > to) throw new PublishedEventError(`event ${type} v${from} is newer than this code knows (v${to}): deploy the consumer's new version`);
  let d = data;
  for (let v = from; v < to; v++) {
    const up = upcasters[v];
    if (!up) throw new PublishedEventError(`event ${type}: no upcaster from v${v} to v${v + 1}`);
    d = up(d);
  }
  return d;
}

export function publishedEvent<TType extends string, S extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  type: TType,
  version: number,
  schema: S,
  options: { personal?: P; upcasters?: EventUpcasters } = {},
): PublishedEvent<TType, z.output<S>, P extends z.ZodType ? z.output<P> : never> {
  type Personal = P extends z.ZodType ? z.output<P> : never;
  if (!Number.isInteger(version) || version < 1) throw new Error(`event ${type}: version must be an integer ≥ 1`);
  const upcasters = options.upcasters ?? {};
  for (let v = 1; v < version; v++) if (!upcasters[v]) throw new Error(`event ${type} v${version}: no upcaster from v${v}`);
  const personalSchema = (options.personal ?? null) as z.ZodType<Personal> | null;
  return {
    type,
    version,
    schema: schema as z.ZodType<z.output<S>>,
    personalSchema,
    upcasters,
    parse(event) {
      if (event.type !== type) throw new PublishedEventError(`expected a ${type} event, got ${event.type}`);
      const data = upcastData(type, event.data, event.schemaVersion ?? 1, version, upcasters);
      const r = schema.safeParse(data);
      if (!r.success) throw new PublishedEventError(`event ${type} v${version} does not fit its schema: ${z.prettifyError(r.error)}`);
      return r.data as z.output<S>;
    },
    personal(event) {
      if (!personalSchema || !event.personal) return null;
      const r = personalSchema.safeParse(event.personal.data);
      if (!r.success) throw new PublishedEventError(`event ${type}: the personal part does not fit its schema: ${z.prettifyError(r.error)}`);
      return r.data;
    },
  };
}

/** The one of `events` that `event` is an instance of (a handler shared by several types); throws for another type. */
export function publishedEventFor<E extends PublishedEvent<string, unknown, unknown>>(events: readonly E[], event: EventEnvelope): E {
  const found = events.find((e) => e.type === event.type);
  if (!found) throw new PublishedEventError(`expected one of ${events.map((e) => e.type).join(', ')}, got ${event.type}`);
  return found;
}

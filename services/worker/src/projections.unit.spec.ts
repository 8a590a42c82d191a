// Every projection the worker runs is one its runner accepts at start: a declared table that is not one
// of its tables, two sets sharing a table, or a type with two handlers would stop the worker (ADR 0035).
import { describe, expect, it } from '@jest/globals';
import { assertProjection } from '@academy/event-store';
import { projections } from './registry.js';

describe("the worker's projections", () => {
  it.each(projections.map((p) => [p.name, p] as const))('%s declares tables and handlers its runner accepts', (_name, projection) => {
    expect(() => assertProjection(projection)).not.toThrow();
  });
});

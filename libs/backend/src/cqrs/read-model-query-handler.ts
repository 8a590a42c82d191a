import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Query, QueryResult } from '@nestjs/cqrs';

/**
 * What most query handlers are (ADR 0015): a read of the context's read models through the request's
 * EntityManager (`readModelEm(this.em, PROJECTION)`). The subclass declares only `execute`, whose
 * answer must be the one its query names; Nest injects the EntityManager through this constructor
 * (a subclass without its own inherits its parameter types), and tests still `new` the handler with one.
 */
@Injectable()
export abstract class ReadModelQueryHandler<Q extends Query<unknown>> {
  constructor(protected readonly em: EntityManager) {}

  abstract execute(query: Q): Promise<QueryResult<Q>>;
}

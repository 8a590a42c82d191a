// The event-sourcing glue as a context uses it (issue "event platform" §5–§6), over real HTTP, real
// Postgres and a real projection runner: CommandBus → handler → the command pipeline (decide, append
// guarded by the version read) → projection → the command answers only once its screen's projection shows the write.
// The demo aggregate lives here (tests only); the real contexts come with their own issues.
import { Body, Controller, Get, Headers, Inject, Injectable, Module, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, CommandHandler, CqrsModule, type ICommandHandler, type IQueryHandler, QueryBus, QueryHandler, Command, Query } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { type Decider, DomainError, type EventMetadata, type EventStore, type Projection, runCommand, type RunningProjections, startProjections, withTables } from '@academy/event-store';
import { apiErrorSchema } from '@academy/contracts';
import { bodyOf, createTestDatabase, type TestDatabase } from '@academy/testing';
import { tablesFromSql } from '@academy/testing/tables';
import { loadConfig } from '../config.js';
import { ApiExceptionFilter } from '../http/exception.filter.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { commandMetadata } from './command-metadata.js';
import { EventSourcingModule } from './event-sourcing.module.js';
import { CommandResponder, ReadsProjections } from './read-your-writes.js';
import { EVENT_STORE, PG_POOL } from './tokens.js';

// ── domain (pure) ────────────────────────────────────────────────────────────────────────────────
type TabEvent = { type: 'Deposited'; data: { tab: string; amount: number } };
type TabState = { balance: number };
type Deposit = { tab: string; amount: number };
const tabDecider: Decider<Deposit, TabEvent, TabState> = {
  initialState: () => ({ balance: 0 }),
  evolve: (s, e) => (e.type === 'Deposited' ? { balance: s.balance + e.data.amount } : s),
  decide(c, s) {
    if (s.balance + c.amount > 1000) throw new DomainError('invalid', 'A tab holds at most 1000', { amount: [`at most ${1000 - s.balance} more fits`] });
    return [{ type: 'Deposited', data: { tab: c.tab, amount: c.amount } }];
  },
};

const tabsProjection: Projection = {
  name: 'demo_tabs',
  version: 1,
  orm: tablesFromSql('Migration_demo_tabs', ['CREATE TABLE tabs (tab text PRIMARY KEY, balance integer NOT NULL)']),
  handlers: withTables(
    { writes: ['tabs'] },
    {
      Deposited: async (e, tx) => {
        const d = e.data as { tab: string; amount: number };
        await tx.query('INSERT INTO tabs VALUES ($1, $2) ON CONFLICT (tab) DO UPDATE SET balance = tabs.balance + excluded.balance', [d.tab, d.amount]);
      },
    },
  ),
};

// ── application (thin) ───────────────────────────────────────────────────────────────────────────
interface Deposited {
  balance: number;
  streamVersion: number;
  position: number;
}

class DepositCommand extends Command<Deposited> {
  constructor(
    readonly input: Deposit,
    readonly metadata: EventMetadata,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}

@CommandHandler(DepositCommand)
class DepositHandler implements ICommandHandler<DepositCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute(c: DepositCommand): Promise<Deposited> {
    const streamId = `tab-${c.input.tab}`;
    const { value: balance, position, streamVersions } = await runCommand(this.store, c.metadata, {
      execute: async (unit) => {
        const tab = await unit.load(streamId, tabDecider, { expectedVersion: c.expectedVersion });
        const deposited = unit.decide(tab, tabDecider, c.input);
        return deposited.reduce((sum, e) => sum + e.data.amount, tab.state.balance);
      },
    });
    return { balance, streamVersion: streamVersions[streamId], position };
  }
}

class GetTab extends Query<{ tab: string; balance: number }> {
  constructor(readonly tab: string) {
    super();
  }
}

@QueryHandler(GetTab)
@Injectable()
class GetTabHandler implements IQueryHandler<GetTab> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}
  async execute(q: GetTab) {
    const { rows } = await this.pool.query<{ balance: number }>('SELECT balance FROM demo_tabs.tabs WHERE tab = $1', [q.tab]);
    return { tab: q.tab, balance: rows[0]?.balance ?? 0 };
  }
}

const depositBody = z.object({ amount: z.number().int().positive() });

@Controller('tabs')
class TabsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly responder: CommandResponder,
  ) {}

  @Post(':tab/deposits')
  async deposit(
    @Param('tab') tab: string,
    @Body(new ZodValidationPipe(depositBody)) body: z.infer<typeof depositBody>,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const outcome = await this.commands.execute(new DepositCommand({ tab, amount: body.amount }, commandMetadata(req), ifMatch ? Number(ifMatch) : undefined));
    res.setHeader('ETag', String(outcome.streamVersion));
    return this.responder.answer(res, ['demo_tabs'], outcome.position, { balance: outcome.balance }, 1500);
  }

  @Get(':tab')
  @ReadsProjections('demo_tabs')
  get(@Param('tab') tab: string) {
    return this.queries.execute(new GetTab(tab));
  }
}

@Module({ controllers: [TabsController], providers: [DepositHandler, GetTabHandler] })
class TabsModule {}

// ── tests ────────────────────────────────────────────────────────────────────────────────────────
let db: TestDatabase;
let app: INestApplication;
let url: string;
let runners: RunningProjections | null = null;
const startRunner = () => (runners = startProjections([tabsProjection], { store: app.get(EVENT_STORE), pool: app.get(PG_POOL), standbyPollMs: 100 }));

beforeAll(async () => {
  db = await createTestDatabase('cqrs');
  const config = loadConfig({ DATABASE_URL: db.url, REDIS_URL: 'redis://unused', ACADEMY_MASTER_KEY: Buffer.alloc(32, 3).toString('base64'), NODE_ENV: 'test' });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const moduleRef = await Test.createTestingModule({ imports: [CqrsModule.forRoot(), EventSourcingModule.forRoot(config), TabsModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.listen(0, '127.0.0.1');
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  startRunner();
});

afterAll(async () => {
  await runners?.stop();
  await app?.close();
  await db?.drop();
  delete process.env.ACADEMY_MASTER_KEY;
});

const deposit = (tab: string, amount: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/tabs/${tab}/deposits`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ amount }) });
const balance = async (tab: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/tabs/${tab}`, { headers });
  const body: unknown = await res.json();
  return { status: res.status, body };
};
/** The demo's tab as its query answers it, and the 202 a read gets while the projection is behind. */
const tabSchema = z.object({ tab: z.string(), balance: z.number() });
const pendingSchema = z.object({ position: z.number(), pending: z.array(z.string()) });
const head = () => (app.get(EVENT_STORE) as EventStore).headPosition();

it('answers a command only once the screen it reads shows the write: the next read is never stale', async () => {
  for (let i = 1; i <= 15; i++) {
    const res = await deposit('rw', 10);
    expect(res.status).toBe(201);
    expect(Number(res.headers.get('x-academy-position'))).toBeGreaterThan(0);
    expect(res.headers.get('etag')).toBe(String(i));
    expect(bodyOf(await balance('rw'), tabSchema).balance).toBe(10 * i);
  }
});

it('stores the actor-less request with its correlation id on the event', async () => {
  const res = await deposit('meta', 5, { 'x-correlation-id': 'corr-123' });
  const position = Number(res.headers.get('x-academy-position'));
  const [event] = await (app.get(EVENT_STORE) as EventStore).readAll(position - 1, 1);
  expect(event.type).toBe('Deposited');
  expect(event.metadata.correlationId).toBe('corr-123');
  expect(event.metadata.causationId).toBeNull();
});

it('answers bad input with 400 and field messages, and appends nothing', async () => {
  const before = await head();
  const res = await deposit('bad', -3);
  expect(res.status).toBe(400);
  expect(bodyOf({ status: res.status, body: await res.json() }, apiErrorSchema).fields?.amount[0]).toMatch(/>0|greater than 0|positive/i);
  const rule = await deposit('bad', 5000);
  expect(rule.status).toBe(400);
  expect(await rule.json()).toMatchObject({ message: 'A tab holds at most 1000', fields: { amount: ['at most 1000 more fits'] } });
  expect(await head()).toBe(before);
});

it('lets exactly one of several commands decided on the same version win; the others get 409 and write nothing', async () => {
  expect((await deposit('race', 1)).status).toBe(201);
  const answers = await Promise.all(Array.from({ length: 8 }, () => deposit('race', 1, { 'if-match': '1' })));
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  const conflict = answers.find((r) => r.status === 409)!;
  expect(bodyOf({ status: conflict.status, body: await conflict.json() }, apiErrorSchema).message).toMatch(/changed by someone else/);
  expect(bodyOf(await balance('race'), tabSchema).balance).toBe(2);
  // Without If-Match the handler still guards its own read: concurrent commands never lose an update.
  const free = await Promise.all(Array.from({ length: 6 }, () => deposit('race', 1)));
  const won = free.filter((r) => r.status === 201).length;
  expect(free.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  expect(bodyOf(await balance('race'), tabSchema).balance).toBe(2 + won);
});

it('past the bound answers 202 with the position; a read at that position waits, then shows it', async () => {
  await runners!.stop();
  const res = await deposit('slow', 7);
  expect(res.status).toBe(202);
  const position = res.headers.get('x-academy-position')!;
  expect(res.headers.get('retry-after')).toBe('1');
  expect(await res.json()).toEqual({ position: Number(position), pending: ['demo_tabs'] });
  // The write is stored; the screen does not show it yet, and says so rather than answering stale data.
  const stale = await balance('slow', { 'x-academy-min-position': position });
  expect(stale.status).toBe(202);
  expect(bodyOf(stale, pendingSchema).pending).toEqual(['demo_tabs']);
  startRunner();
  const fresh = await balance('slow', { 'x-academy-min-position': position });
  expect(fresh).toEqual({ status: 200, body: { tab: 'slow', balance: 7 } });
});

it('refuses a malformed X-Academy-Min-Position with 400 naming the header', async () => {
  const res = await balance('rw', { 'x-academy-min-position': 'soon' });
  expect(res.status).toBe(400);
  expect(Object.keys(bodyOf(res, apiErrorSchema).fields ?? {})).toEqual(['X-Academy-Min-Position']);
});

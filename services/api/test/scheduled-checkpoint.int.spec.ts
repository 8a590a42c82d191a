// Issue 16: checkpoints on a schedule. The built worker with AUDIT_CHECKPOINT_EVERY=2s verifies the
// whole chain and signs its head with the key from the environment, as the system (no user), every
// run once: the checkpoint is listed for auditors, its signature checks against that key, and it
// names the verification it signed over. A run re-done (the same job id) appends nothing twice.
import { z } from 'zod';
import { auditCheckpointsResponseSchema, auditMetadataSchema, sessionSchema, setupResponseSchema, signedCheckpointSchema } from '@academy/contracts';
import { checkpointProblem, signingKeyFromSeed } from '@academy/event-store';
import { checkpointIntervalMs } from '@academy/audit';
import { bodyOf, apiCaller, startApi, untilValue, type RunningApi } from '@academy/testing';

const seed = Buffer.alloc(32, 12);
let api: RunningApi;

beforeAll(async () => {
  api = await startApi({ withWorker: true, env: { AUDIT_SIGNING_KEY: seed.toString('base64'), AUDIT_CHECKPOINT_EVERY: '2s' } });
}, 60_000);
afterAll(async () => api?.stop());

it('reads the schedule as a duration, or off', () => {
  expect([checkpointIntervalMs('24h'), checkpointIntervalMs('30m'), checkpointIntervalMs('45s'), checkpointIntervalMs('7d'), checkpointIntervalMs('off')]).toEqual([86_400_000, 1_800_000, 45_000, 604_800_000, 0]);
  expect(() => checkpointIntervalMs('soon')).toThrow(/AUDIT_CHECKPOINT_EVERY must be a duration/);
});

/** A CheckpointSigned event's data: the checkpoint file, who asked for it and the verification it signs. */
const checkpointSigned = signedCheckpointSchema.extend({ byUserId: z.string().nullable(), verificationId: z.string() }).loose();

it('the worker verifies the chain and signs its head on its schedule, as the system, with the key outside the database', async () => {
  const signed = await untilValue(
    async () =>
      (
        await api.db.pool.query<{ data: unknown; metadata: unknown; position: string }>(
          `SELECT data, metadata, position FROM event_store.events WHERE type = 'CheckpointSigned' ORDER BY position`,
        )
      ).rows.map((r) => ({ data: checkpointSigned.parse(r.data), metadata: auditMetadataSchema.parse(r.metadata) })),
    (rows) => rows.length >= 2,
    `two scheduled checkpoints\n${api.output()}`,
    30_000,
  );
  const [first, second] = signed;
  expect(first.metadata).toMatchObject({ actorId: null, actorRole: 'system' });
  expect(first.data.byUserId).toBeNull();
  // The signature holds under the key given to the worker, over the head its verification walked to.
  const key = signingKeyFromSeed(seed);
  const { byUserId: _by, verificationId, ...file } = first.data;
  expect(checkpointProblem(key, file)).toBeNull();
  const verification = (await api.db.pool.query<{ data: unknown; metadata: unknown }>(`SELECT data, metadata FROM event_store.events WHERE type = 'ChainVerified' AND data->>'requestId' = $1`, [verificationId])).rows.map((r) => ({ data: r.data, metadata: auditMetadataSchema.parse(r.metadata) }));
  expect(verification).toHaveLength(1);
  expect(verification[0].data).toMatchObject({ ok: true, byUserId: null, head: { position: first.data.position, hash: first.data.headHash } });
  expect(verification[0].metadata.correlationId).toBe(first.metadata.correlationId);
  // Each run signs once: distinct runs, distinct verifications.
  expect(second.data.verificationId).not.toBe(verificationId);
  expect(Number(second.data.position)).toBeGreaterThan(Number(first.data.position));

  // Auditors see them in the list, made by no one (the schedule).
  const call = apiCaller(api.url);
  const setup = bodyOf(await call('POST', '/setup'), setupResponseSchema);
  const admin = bodyOf(await call('POST', '/auth/sign-in', undefined, { email: setup.email, password: setup.password }), sessionSchema).access_token;
  const list = await call('GET', '/audit/checkpoints', admin);
  expect(list.status).toBe(200);
  expect(bodyOf(list, auditCheckpointsResponseSchema).checkpoints.some((c) => c.byUserId === null && c.position === first.data.position)).toBe(true);
}, 60_000);

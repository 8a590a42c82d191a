// The learning benchmark's seed (shared with the audit benchmark): a academy of `students` in programs of
// BENCH_COHORT, built from the contracts' event shapes and appended through the event store (hash chain,
// encrypted personal parts and all); optionally replayed by the real identity, learning and grading
// projections from position 0 (timed, against an ordered scan of the same log).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { EmailLookup, type NewEvent, PostgresEventStore, type StreamAppend, startProjections } from '@academy/event-store';
import { CATALOG_EVENTS, ENROLLMENT_EVENTS, GRADING_EVENTS, type GradeStatus, IDENTITY_EVENTS, LEARNING_EVENTS, type WorkKind } from '@academy/contracts';
import { identityProjections } from '@academy/identity';
import { learningProjections } from '@academy/learning';
import { gradingProjections } from '@academy/grading';
import { DEFAULT_PROJECTION_BATCH_SIZE } from '@academy/backend';

export const COHORT = Number(process.env.BENCH_COHORT ?? 50);
/** Subjects per program; each has one teacher. Weeks 1..MAX_WEEK are published, MAX_WEEK + 1 is a draft. */
export const SUBJECTS = ['Frontend', 'Backend', 'Databases'];
export const MAX_WEEK = 5;
export const MASTER_KEY = Buffer.alloc(32, 11);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

// A seeded PRNG: the same seed every run (mulberry32).
export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ───────────────────────────────────────────────────────────────────────────── seed

export interface Seeded {
  events: number;
  seedSeconds: number;
  replaySeconds: number;
  /** An ordered scan of the whole log, as the runners read it, just before the replay (its baseline). */
  scanSeconds: number;
  students: { id: string; program: number }[];
  teachers: { id: string }[];
  /** Per program (index), its subjects' ids. */
  subjectIds: string[][];
  programs: number;
  subjects: number;
  sizeOfLog: string;
}

const LOREM =
  'Build it step by step, commit early, and explain in the README what you chose and why. Tests first where it helps; keep functions small and names honest. ';
const text = (n: number) => LOREM.repeat(Math.ceil(n / LOREM.length)).slice(0, n);

export async function seed(url: string, students: number, options: { replay?: boolean } = {}): Promise<Seeded> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => {});
  const store = new PostgresEventStore({ pool, masterKey: MASTER_KEY });
  await store.migrate();
  const rnd = prng(6);
  const t0 = Date.now();
  let clock = Date.now() - 120 * 24 * 3600_000;
  const at = () => new Date((clock += 500)).toISOString();
  let events = 0;
  const adminId = randomUUID();
  const meta = (actorId: string | null, actorRole: string) => ({ actorId, actorRole, correlationId: randomUUID(), causationId: null, occurredAt: at() });
  const ev = (type: string, data: unknown, actor: [string | null, string], personal?: { subjectId: string; data: Record<string, unknown> }): NewEvent => ({
    type,
    data,
    ...(personal ? { personal } : {}),
    metadata: meta(...actor),
  });
  const admin: [string, string] = [adminId, 'admin'];

  // Many appends in flight at once: each is prepared (checked, personal part sealed) on its own, and the
  // store's group append sends what queued up together, up to 256 streams per call (ADR 0002);
  // appendMany would prepare its streams one after the other.
  async function appendAll(appends: StreamAppend[]) {
    for (let i = 0; i < appends.length; i += 2000) {
      await Promise.all(appends.slice(i, i + 2000).map((a) => store.append(a.streamId, a.events, a.expectedVersion)));
    }
    events += appends.reduce((n, a) => n + a.events.length, 0);
  }
  const user = (userId: string, role: string, n: number): StreamAppend => {
    const email = `${role}.${n}@bench.academy.test`;
    return {
      streamId: `user-${userId}`,
      expectedVersion: 0,
      events: [
        ev(
          IDENTITY_EVENTS.UserRegistered,
          { userId, role, emailHash: new EmailLookup(MASTER_KEY).of(email), selfRegistered: false },
          admin,
          { subjectId: userId, data: { email, fullName: `${role === 'student' ? 'Student' : 'Teacher'} ${n}`, passwordHash: 'bench: signs in with minted tokens', phone: '' } },
        ),
        // Students past the first-login profile: the API's ProfileGate refuses them everything before it.
        ...(role === 'student'
          ? [
              ev(IDENTITY_EVENTS.ProfileCompleted, { userId }, admin, {
                subjectId: userId,
                data: { fullName: `Student ${n}`, phone: '+27 11 000 0000', address: '1 Bench Road', dateOfBirth: '2000-01-01', emergencyContactName: 'Kin', emergencyContactPhone: '+27 11 000 0001' },
              }),
            ]
          : []),
      ],
    };
  };

  // Catalogue, teachers and their assignments, weeks with five tasks and a capstone.
  const programs = Math.ceil(students / COHORT);
  const setup: StreamAppend[] = [user(adminId, 'admin', 0)];
  const teachers: { id: string }[] = [];
  interface Subject {
    id: string;
    programId: string;
    teacherId: string;
    weeks: { id: string; tasks: string[]; capstone: string }[];
  }
  const programSubjects: Subject[][] = [];
  for (let p = 0; p < programs; p++) {
    const programId = randomUUID();
    setup.push({ streamId: `program-${programId}`, expectedVersion: 0, events: [ev(CATALOG_EVENTS.ProgramCreated, { programId, name: `Cohort ${p + 1}`, type: p % 2 ? 'daytime' : 'evening', description: text(120) }, admin)] });
    const subjects: Subject[] = [];
    for (const name of SUBJECTS) {
      const subjectId = randomUUID();
      const teacherId = randomUUID();
      teachers.push({ id: teacherId });
      setup.push(user(teacherId, 'teacher', teachers.length));
      setup.push({ streamId: `subject-${subjectId}`, expectedVersion: 0, events: [ev(CATALOG_EVENTS.SubjectCreated, { subjectId, programId, name: `${name} ${p + 1}`, weekNumber: null, description: text(100) }, admin)] });
      const assignmentId = randomUUID();
      setup.push({ streamId: `teacher-assignment-${assignmentId}`, expectedVersion: 0, events: [ev(CATALOG_EVENTS.TeacherAssigned, { assignmentId, teacherId, subjectId }, admin)] });
      const subject: Subject = { id: subjectId, programId, teacherId, weeks: [] };
      const teacher: [string, string] = [teacherId, 'teacher'];
      for (let w = 1; w <= MAX_WEEK + 1; w++) {
        const weekId = randomUUID();
        const week = { id: weekId, tasks: [1, 2, 3, 4, 5].map(() => randomUUID()), capstone: randomUUID() };
        const es = [ev(LEARNING_EVENTS.WeekCreated, { weekId, subjectId, weekNumber: w, title: `${name}: week ${w}`, objectives: text(200) }, teacher)];
        week.tasks.forEach((taskId, d) =>
          es.push(ev(LEARNING_EVENTS.TaskAdded, { weekId, taskId, dayNumber: d + 1, title: `Day ${d + 1} exercise`, description: text(160), instructions: text(300), dueAt: null }, teacher)),
        );
        es.push(ev(LEARNING_EVENTS.CapstoneSet, { weekId, capstoneId: week.capstone, title: `Week ${w} capstone`, description: text(200), instructions: text(400), dueAt: new Date(clock + w * 7 * 86400_000).toISOString() }, teacher));
        if (w <= MAX_WEEK) es.push(ev(LEARNING_EVENTS.WeekPublished, { weekId, subjectId }, teacher));
        setup.push({ streamId: `week-${weekId}`, expectedVersion: 0, events: es });
        subject.weeks.push(week);
      }
      subjects.push(subject);
    }
    programSubjects.push(subjects);
  }
  await appendAll(setup);

  // Students: registered, enrolled, activated; each reaches a current week of 1..MAX_WEEK.
  interface Student {
    id: string;
    enrollmentId: string;
    program: number;
    week: number;
  }
  const roster: Student[] = [];
  const enrol: StreamAppend[] = [];
  for (let i = 0; i < students; i++) {
    const s: Student = { id: randomUUID(), enrollmentId: randomUUID(), program: Math.floor(i / COHORT), week: 1 + Math.floor(rnd() * MAX_WEEK) };
    roster.push(s);
    enrol.push(user(s.id, 'student', i + 1));
    const subjects = programSubjects[s.program];
    enrol.push({
      streamId: `enrollment-${s.enrollmentId}`,
      expectedVersion: 0,
      events: [
        ev(ENROLLMENT_EVENTS.StudentEnrolled, { enrollmentId: s.enrollmentId, code: `ENR-2026-${String(i + 1).padStart(5, '0')}`, studentId: s.id, programId: subjects[0].programId, subjectId: subjects[0].id }, admin),
        ev(ENROLLMENT_EVENTS.EnrollmentStatusChanged, { enrollmentId: s.enrollmentId, status: 'active', previousStatus: 'pending', activatedAt: new Date(clock).toISOString() }, admin),
      ],
    });
  }
  await appendAll(enrol);

  // Week by week: every student still at or past week w works on week w of the program's three
  // subjects. A finished week: all tasks submitted and graded (one in ten needs a revision, then
  // passes on the second attempt); one capstone passed (CapstonePassed, the enrollment advances),
  // one failed, one still pending review. The current week: some tasks submitted, half of them graded.
  for (let w = 1; w <= MAX_WEEK; w++) {
    const appends: StreamAppend[] = [];
    for (const s of roster) {
      if (s.week < w) continue;
      const done = s.week > w;
      const me: [string, string] = [s.id, 'student'];
      programSubjects[s.program].forEach((subject, j) => {
        const week = subject.weeks[w - 1];
        const teacher: [string, string] = [subject.teacherId, 'teacher'];
        const work = (kind: WorkKind, itemId: string, grades: (GradeStatus | null)[], passedCapstone: boolean) => {
          const es: NewEvent[] = [];
          let previous: { score: number | null; status: GradeStatus } | null = null;
          grades.forEach((status, a) => {
            const submissionId = randomUUID();
            const common = { submissionId, studentId: s.id, kind, itemId, weekId: week.id, subjectId: subject.id };
            es.push(
              ev(GRADING_EVENTS.WorkSubmitted, { ...common, programId: subject.programId, githubUrl: `https://github.com/student${s.id.slice(0, 8)}/w${w}-${itemId.slice(0, 6)}`, attempt: a + 1, late: false, dueAt: null }, me, {
                subjectId: s.id,
                data: { notes: a ? 'Fixed what you asked for.' : '' },
              }),
            );
            if (status) {
              const score = status === 'passed' ? 60 + Math.round(rnd() * 4000) / 100 : status === 'pending' ? null : 20 + Math.round(rnd() * 3900) / 100;
              es.push(
                ev(GRADING_EVENTS.SubmissionGraded, { ...common, teacherId: subject.teacherId, attempt: a + 1, score, status, previous }, teacher, {
                  subjectId: s.id,
                  data: { feedback: status === 'passed' ? 'Good work.' : 'See the comments in the pull request.', previousFeedback: null },
                }),
              );
              previous = { score, status };
            }
            if (passedCapstone && status === 'passed') {
              es.push(ev(GRADING_EVENTS.CapstonePassed, { studentId: s.id, capstoneId: itemId, submissionId, weekId: week.id, subjectId: subject.id, programId: subject.programId }, teacher));
            }
          });
          appends.push({ streamId: `work-${s.id}-${itemId}`, expectedVersion: 0, events: es });
        };
        const submitted = done ? 5 : Math.floor(rnd() * 6);
        for (let d = 0; d < submitted; d++) {
          if (done) work('task', week.tasks[d], rnd() < 0.1 ? ['needs_revision', 'passed'] : ['passed'], false);
          else work('task', week.tasks[d], [rnd() < 0.5 ? 'passed' : null], false);
        }
        if (done) {
          const role = (j + w) % 3; // which of the three capstones passes, fails, waits
          work('capstone', week.capstone, [role === 0 ? 'passed' : role === 1 ? 'failed' : null], role === 0);
        }
      });
      if (done) {
        const capstoneId = programSubjects[s.program][(3 - (w % 3)) % 3].weeks[w - 1].capstone;
        appends.push({ streamId: `enrollment-${s.enrollmentId}`, expectedVersion: 'any', events: [{ ...ev(ENROLLMENT_EVENTS.EnrollmentWeekAdvanced, { enrollmentId: s.enrollmentId, currentWeek: w + 1, capstoneId }, [null, 'system']), schemaVersion: 2 }] });
      }
    }
    await appendAll(appends);
    console.log(`  week ${w}: ${fmt(events)} events so far (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const seedSeconds = (Date.now() - t0) / 1000;

  // The replay's baseline (issue 15), just before it on the same server: the ordered keyset reads of the
  // whole log the runners make (1000 rows per query, every column), rows parsed by pg, nothing else.
  const head = await store.headPosition();
  const t2 = Date.now();
  for (let position = 0, n = 0; ; ) {
    const { rows } = await pool.query<{ position: string }>(
      `SELECT position, stream_id, stream_version, event_id, type, schema_version, data, personal, metadata, recorded_at, prev_hash, hash
         FROM event_store.events WHERE position > $1 ORDER BY position LIMIT 1000`,
      [position],
    );
    if (!rows.length) {
      if (n !== head) throw new Error(`the scan read ${n} events of ${head}`);
      break;
    }
    n += rows.length;
    position = Number(rows[rows.length - 1].position);
  }
  const scanSeconds = (Date.now() - t2) / 1000;

  // The real projections replay the log from position 0, as a fresh worker would (its batch size; unless not asked for).
  const t1 = Date.now();
  if (options.replay === false) {
    await pool.query('VACUUM (ANALYZE)');
    await pool.query('CHECKPOINT');
    const { rows: size } = await pool.query<{ s: string }>(`SELECT pg_size_pretty(pg_total_relation_size('event_store.events')) AS s`);
    await store.close();
    await pool.end();
    return { events, seedSeconds, replaySeconds: 0, scanSeconds, students: roster.map((s) => ({ id: s.id, program: s.program })), teachers, programs, subjects: programs * SUBJECTS.length, sizeOfLog: size[0].s, subjectIds: programSubjects.map((ps) => ps.map((x) => x.id)) };
  }
  const running = startProjections([...identityProjections, ...learningProjections, ...gradingProjections], { store, pool, batchSize: DEFAULT_PROJECTION_BATCH_SIZE });
  let last = 0;
  while (running.runners.some((r) => r.position < head)) {
    await sleep(200);
    if (Date.now() - last > 15_000) {
      last = Date.now();
      console.log(`  replay: ${running.runners.map((r) => `${fmt(r.position)}`).join(' / ')} of ${fmt(head)}`);
    }
  }
  const replaySeconds = (Date.now() - t1) / 1000;
  await running.stop();
  // As autovacuum and the checkpointer leave the database after a bulk load: statistics, visibility maps for
  // index-only scans, and the load's WAL written out (not during the measurements).
  await pool.query('VACUUM (ANALYZE)');
  await pool.query('CHECKPOINT');
  const { rows: size } = await pool.query<{ s: string }>(`SELECT pg_size_pretty(pg_total_relation_size('event_store.events')) AS s`);
  await store.close();
  await pool.end();
  return {
    events,
    seedSeconds,
    replaySeconds,
    scanSeconds,
    students: roster.map((s) => ({ id: s.id, program: s.program })),
    teachers,
    programs,
    subjects: programs * SUBJECTS.length,
    sizeOfLog: size[0].s,
    subjectIds: programSubjects.map((ps) => ps.map((x) => x.id)),
  };
}


// `npm run demo`: fills an EMPTY running instance with a demo academy through its public HTTP API
// only (never the database), so the event log, the mails, the notifications and the read models are
// the ones real users would have made. Where: --url / ACADEMY_URL, else the `npm start` of this
// checkout (ACADEMY_DATA_DIR/stack.json). Created users get their temporary passwords by mail, as in
// production: the script reads them from the mail inbox (--inbox / ACADEMY_MAIL_INBOX, else the one
// `npm start` prints), so it needs the local catcher, not a real SMTP_URL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.ACADEMY_DATA_DIR ?? path.join(root, '.data'));
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const fail = (message) => {
  process.stderr.write(`academy demo: ${message}\n`);
  process.exit(1);
};

function runningStack() {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'));
  } catch {
    return {};
  }
}
const stack = runningStack();
const baseUrl = (arg('url') ?? process.env.ACADEMY_URL ?? stack.url ?? '').replace(/\/$/, '');
const inboxUrl = (arg('inbox') ?? process.env.ACADEMY_MAIL_INBOX ?? stack.mailInbox ?? '').replace(/\/$/, '');
if (!baseUrl) fail('no running academy found: start one with `npm start` (or pass --url <url>)');
if (!inboxUrl) fail('no mail inbox: the demo reads the mailed temporary passwords from the local mail catcher (`npm start` without SMTP_URL), or pass --inbox <url>');

/** Every student signs in with this after completing the first-login profile (the demo is public). */
const STUDENT_PASSWORD = 'demo-student-2026';
const started = Date.now();
let calls = 0;

async function call(method, p, token, body) {
  calls++;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl}/api${p}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => ({}));
    // 202: stored, the worker has not finished within the API's wait on a busy machine; it completes.
    if (res.status < 300) return json;
    // 503 while a read model catches up is retried; anything else is a bug in the demo or the API.
    if (res.status === 503 && attempt < 20) {
      await sleep(250);
      continue;
    }
    throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over `items`, `n` at a time (the API is shared with its worker on a small machine). */
async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** The temporary password mailed to each address (the inbox keeps the newest 500 mails). */
async function mailedPasswords(emails) {
  const found = new Map();
  const deadline = Date.now() + 60_000;
  while (found.size < emails.length) {
    if (Date.now() > deadline) fail(`no temporary-password mail reached ${inboxUrl} for ${emails.filter((e) => !found.has(e)).join(', ')} within 60 s: is the worker running?`);
    const messages = await (await fetch(`${inboxUrl}/messages`)).json();
    for (const m of messages) {
      const pw = /Temporary password: (\S+)/.exec(m.text ?? '');
      if (!pw) continue;
      for (const to of m.to) if (emails.includes(to) && !found.has(to)) found.set(to, pw[1]);
    }
    if (found.size < emails.length) await sleep(250);
  }
  return found;
}

const signIn = async (email, password) => (await call('POST', '/auth/sign-in', undefined, { email, password })).access_token;

// ── refuse anything but an empty instance ────────────────────────────────────────────────────────
try {
  const status = await call('GET', '/setup');
  if (status.done) fail(`${baseUrl} is not empty (setup is done): the demo only fills a fresh instance. Start one on an empty database (e.g. "ACADEMY_DATA_DIR=.data-demo npm start") and run "ACADEMY_DATA_DIR=.data-demo npm run demo".`);
} catch (e) {
  fail(`cannot reach ${baseUrl}/api/setup (${e.message}): is \`npm start\` running?`);
}
await fetch(`${inboxUrl}/messages`).catch(() => fail(`cannot reach the mail inbox ${inboxUrl}`));
const say = (line) => process.stdout.write(`academy demo: ${line}\n`);

// ── the administrator and the catalogue ──────────────────────────────────────────────────────────
const setup = await call('POST', '/setup');
const admin = await signIn(setup.email, setup.password);
const catalogue = await call('GET', '/public/courses');
const courses = [...catalogue.eveningProgrammes, ...catalogue.fullTimeCourses];
const programmes = await pool(courses, 4, async (course) => {
  const { program } = await call('POST', '/programs', admin, { name: course.title, type: course.evening ? 'evening' : 'daytime', description: course.description });
  // A programme's subjects (its cohorts: enrollments are per subject) are the skills it teaches.
  const subjects = [];
  for (const skill of course.skills.slice(0, 4)) subjects.push((await call('POST', '/subjects', admin, { name: skill, programId: program.id, description: `${skill} in ${course.title}` })).subject);
  return { course, program, subjects };
});
say(`${programmes.length} programmes, ${programmes.reduce((n, p) => n + p.subjects.length, 0)} subjects`);

// ── people: staff and 60 students, each with the password they were mailed ──────────────────────
const FIRST = ['Lerato', 'Tendai', 'Sipho', 'Nomsa', 'Farai', 'Thabo', 'Chipo', 'Kagiso', 'Rutendo', 'Ayanda', 'Tatenda', 'Zanele', 'Tinashe', 'Naledi', 'Kudzai'];
const LAST = ['Mokoena', 'Moyo', 'Dlamini', 'Ndlovu', 'Chikwanha', 'Nkosi', 'Mutasa', 'Khumalo'];
const people = [
  { role: 'teacher', fullName: 'Tendai Moyo' },
  { role: 'teacher', fullName: 'Palesa Mahlangu' },
  { role: 'teacher', fullName: 'Blessing Chirwa' },
  { role: 'teacher', fullName: 'Johan van der Merwe' },
  { role: 'student_admin', fullName: 'Sipho Admissions' },
  { role: 'auditor', fullName: 'Ruth Auditor' },
  ...Array.from({ length: 60 }, (_, i) => ({ role: 'student', fullName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}` })),
];
const counters = {};
for (const p of people) {
  counters[p.role] = (counters[p.role] ?? 0) + 1;
  p.email = `${p.role.replace('_', '-')}${counters[p.role]}@demo.academy.test`;
}
await pool(people, 4, async (p) => {
  p.id = (await call('POST', '/users', admin, { fullName: p.fullName, email: p.email, role: p.role })).user.id;
});
const passwords = await mailedPasswords(people.map((p) => p.email));
await pool(people, 4, async (p) => {
  p.password = passwords.get(p.email);
  p.token = await signIn(p.email, p.password);
  if (p.role !== 'student') return;
  // A student's first sign-in goes through the profile (ProfileGate); they choose their own password.
  await call('POST', '/profile/complete', p.token, {
    fullName: p.fullName, phone: '+27 82 123 4567', address: '12 Long Street, Cape Town', dateOfBirth: '2000-05-17',
    emergencyContactName: 'Family', emergencyContactPhone: '+27 82 765 4321', password: STUDENT_PASSWORD, confirmPassword: STUDENT_PASSWORD,
  });
  p.password = STUDENT_PASSWORD;
});
const teachers = people.filter((p) => p.role === 'teacher');
const students = people.filter((p) => p.role === 'student');
say(`${teachers.length} teachers, ${students.length} students, a student admin and an auditor`);

// ── each teacher's cohort: 12 published weeks (tasks and a capstone) and a draft week 13 ─────────
const cohorts = await pool(teachers, 4, async (teacher, t) => {
  const { course, program, subjects } = programmes[t];
  const subject = subjects[0];
  await call('POST', '/teacher-assignments', admin, { teacherId: teacher.id, subjectId: subject.id });
  const outline = course.syllabus.weeklyOutline;
  const weeks = [];
  for (let n = 1; n <= 13; n++) {
    const title = outline[n - 1]?.title ?? `Week ${n}`;
    const { week } = await call('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: n, title, objectives: `Week ${n} of ${subject.name}: ${title}` });
    for (const day of [1, 2]) await call('POST', `/weeks/${week.id}/tasks`, teacher.token, { dayNumber: day, title: `Day ${day}: ${title} exercise` });
    const full = (await call('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: `Capstone: ${title}` })).week;
    if (n <= 12) await call('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true });
    weeks.push(full);
  }
  return { teacher, program, subject, weeks };
});
say(`${cohorts.length} cohorts with 12 published weeks each`);

// ── students at weeks 1-12: passed capstones advanced them; this week's work in every status ─────
// GitHub's own public example repositories: a submit reads the commit its repository's default branch
// points to (issue 30), so an invented repository is refused as unreadable wherever GitHub is reachable.
// Offline, the pin stays pending and the worker retries it.
const DEMO_REPOSITORIES = { capstone: 'https://github.com/octocat/Spoon-Knife', task: 'https://github.com/octocat/Hello-World' };
await pool(students, 6, async (s, i) => {
  const cohort = cohorts[i % cohorts.length];
  s.week = 1 + (Math.floor(i / cohorts.length) % 12);
  const { enrollment } = await call('POST', '/enrollments', admin, { studentId: s.id, programId: cohort.program.id, subjectId: cohort.subject.id });
  await call('PUT', `/enrollments/${enrollment.id}/status`, admin, { status: 'active' });
  const { teacher, weeks } = cohort;
  const grade = (id, status, score, feedback) => call('POST', `/submissions/${id}/grade`, teacher.token, { status, score, feedback });
  const submit = (kind, itemId, notes) => call('POST', '/student/submissions', s.token, { kind, itemId, githubUrl: DEMO_REPOSITORIES[kind], notes }).then((r) => r.submission);
  for (let n = 1; n < s.week; n++) {
    const capstone = weeks[n - 1].capstone;
    const first = await submit('capstone', capstone.id);
    if (n === 1 && i % 3 === 0) {
      // Sent back once, then passed on the resubmission.
      await grade(first.id, 'needs_revision', 55, 'Nearly there: fix the layout on small screens and resubmit.');
      const again = await submit('capstone', capstone.id, 'Fixed the mobile layout.');
      await grade(again.id, 'passed', 82, 'Well done.');
    } else await grade(first.id, 'passed', 70 + ((i + n) % 30), 'Passed: good work.');
  }
  // This week's work: one of five outcomes for day 1, day 2 waiting, the capstone pending or failed.
  const week = weeks[s.week - 1];
  const [day1, day2] = week.tasks;
  const t1 = await submit('task', day1.id);
  const outcome = i % 5;
  if (outcome === 0) await grade(t1.id, 'passed', 90, 'Great.');
  if (outcome === 1) await grade(t1.id, 'failed', 30, 'This does not meet the brief yet.');
  if (outcome === 2 || outcome === 3) await grade(t1.id, 'needs_revision', 50, 'Please add the missing part and resubmit.');
  if (outcome === 3) await submit('task', day1.id, 'Added the missing part.');
  if (i % 2 === 0) await submit('task', day2.id);
  if (i % 4 === 1) await grade((await submit('capstone', week.capstone.id)).id, 'failed', 40, 'Not yet: see the rubric.');
  if (i % 4 === 2) await submit('capstone', week.capstone.id);
});
say(`${students.length} students at weeks 1-12 with submissions and grades in every status`);

// ── applications in every pipeline state (the public form allows 10 per address per 15 min) ─────
const applicants = [
  ['Amahle', 'Zulu', 'Web Development', 'pending'],
  ['Tapiwa', 'Sibanda', 'Software Engineering', 'pending'],
  ['Neo', 'Molefe', 'IT Support', 'contacted'],
  ['Rumbi', 'Chari', 'Introduction to Tech', 'contacted'],
  ['Lindiwe', 'Mthembu', 'Product Manager/Owner', 'declined'],
  ['Tafadzwa', 'Gumbo', 'CodeStars (Under 18)', 'declined'],
  ['Bongani', 'Khoza', 'Web Development', 'converted'],
  ['Nyasha', 'Mapfumo', 'Software Engineering', 'converted'],
];
for (const [firstName, lastName, course] of applicants) {
  await call('POST', '/public/applications', undefined, { firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.applicant.test`, phone: '+27 82 555 0101', course, message: `I would like to join ${course}.` });
}
await call('POST', '/public/quick-contacts', undefined, { name: 'Grace Phiri', email: 'grace.phiri@demo.applicant.test', message: 'Do you offer weekend classes?' });
// The list is a read model the worker fills: wait until it shows every application.
let prospects = [];
for (const deadline = Date.now() + 30_000; prospects.length < applicants.length; await sleep(200)) {
  if (Date.now() > deadline) fail(`the prospective list shows ${prospects.length} of ${applicants.length} applications after 30 s: is the worker running?`);
  prospects = (await call('GET', '/admissions/prospects?kind=application', admin)).prospects;
}
for (const [firstName, lastName, , status] of applicants) {
  const p = prospects.find((x) => x.firstName === firstName && x.lastName === lastName);
  if (status === 'contacted') await call('POST', `/admissions/prospects/${p.id}/contacted`, admin, {});
  if (status === 'declined') await call('POST', `/admissions/prospects/${p.id}/decline`, admin, {});
  if (status === 'converted') {
    await call('POST', `/admissions/prospects/${p.id}/contacted`, admin, {});
    await call('POST', `/admissions/prospects/${p.id}/convert`, admin, {});
  }
}
say(`${applicants.length} applications (pending, contacted, declined, converted) and a quick contact`);

// ── who to sign in as ────────────────────────────────────────────────────────────────────────────
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const pick = (role) => people.find((p) => p.role === role);
const student = students.find((s) => s.week === 6) ?? students[0];
const rows = [
  ['admin', setup.email, setup.password],
  ['teacher', pick('teacher').email, pick('teacher').password],
  ['student', student.email, student.password],
  ['student_admin', pick('student_admin').email, pick('student_admin').password],
  ['auditor', pick('auditor').email, pick('auditor').password],
];
// The log's head (audit chain) counts the events the demo appended: its rate through the real API.
const head = (await call('GET', '/audit/chain', admin)).head.position;
say(`done in ${seconds} s: ${calls} API calls appended ${head} events (${(head / Number(seconds)).toFixed(0)} events/s). Sign in at ${baseUrl}/auth as:`);
for (const [role, email, password] of rows) process.stdout.write(`  ${role.padEnd(14)} ${email.padEnd(36)} ${password}\n`);
process.stdout.write(`  (every demo student's password is ${STUDENT_PASSWORD}; staff passwords are the mailed temporary ones)\n`);
// A machine-readable copy for tests and scripts.
if (process.argv.includes('--json')) process.stdout.write(`DEMO_USERS ${JSON.stringify(Object.fromEntries(rows.map(([role, email, password]) => [role, { email, password }])))}\n`);

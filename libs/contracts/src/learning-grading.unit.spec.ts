// The request schemas of learning and grading: the browser and the API parse with these same rules.
import { describe, expect, it } from '@jest/globals';
import { addTaskRequestSchema, createWeekRequestSchema } from './http/learning.js';
import { gradeSubmissionRequestSchema, submitWorkRequestSchema } from './http/grading.js';
import { GRADING_MESSAGES } from './copy/grading.js';
import { commitUrl, compareUrl, repositoryAddress, shortSha } from './http/git-commits.js';

const id = '3b241101-e2bb-4255-8caf-4136c566a962';
const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('submission schema', () => {
  // Which hosts are accepted is the server's SUBMISSION_GIT_HOSTS (the API refuses others): the schema checks the shape.
  it('accepts https://<host>/<owner>/<repo> addresses, and nothing else', () => {
    for (const url of ['https://github.com/ada/calc', 'https://github.com/ada-l/calc.js/', 'https://github.com/ada/calc/tree/main', '  https://github.com/ada/calc.git ', 'https://gitlab.com/group/sub/calc', 'https://git.example.org:8443/ada/calc.git']) {
      expect(submitWorkRequestSchema.safeParse({ kind: 'task', itemId: id, githubUrl: url }).success).toBe(true);
    }
    for (const url of ['http://github.com/ada/calc', 'https://github.com/ada', 'https://github.com/ada/calc?x=1', 'https://github.com/ada/calc#readme', 'github.com/ada/calc', 'https://user:pw@github.com/a/b', 'ftp://github.com/a/b', 'https:///a/b']) {
      expect(fields(submitWorkRequestSchema.safeParse({ kind: 'task', itemId: id, githubUrl: url }))).toEqual({ githubUrl: GRADING_MESSAGES.githubUrl });
    }
    expect(fields(submitWorkRequestSchema.safeParse({ kind: 'task', itemId: id, githubUrl: '' }))).toEqual({ githubUrl: GRADING_MESSAGES.githubUrlRequired });
    expect(submitWorkRequestSchema.parse({ kind: 'capstone', itemId: id, githubUrl: 'https://github.com/a/b' }).notes).toBe('');
  });
});

describe('repository addresses and commit links', () => {
  const sha = '0123456789abcdef0123456789abcdef01234567';
  it('reads the repository of a GitHub address whatever follows it; elsewhere the whole address', () => {
    expect(repositoryAddress('https://github.com/ada/calc.git')).toEqual({ host: 'github.com', base: 'https://github.com/ada/calc', github: true });
    expect(repositoryAddress('https://github.com/ada/calc/tree/main/src')).toEqual({ host: 'github.com', base: 'https://github.com/ada/calc', github: true });
    expect(repositoryAddress('https://GitLab.com/group/sub/calc/')).toEqual({ host: 'gitlab.com', base: 'https://gitlab.com/group/sub/calc', github: false });
  });
  it('links GitHub to the tree at the commit and to the comparison of two; other hosts to the repository', () => {
    expect(shortSha(sha)).toBe('0123456');
    expect(commitUrl('https://github.com/ada/calc/', sha)).toBe(`https://github.com/ada/calc/tree/${sha}`);
    expect(compareUrl('https://github.com/ada/calc', 'a'.repeat(40), sha)).toBe(`https://github.com/ada/calc/compare/${'a'.repeat(40)}...${sha}`);
    expect(commitUrl('https://git.example.org/ada/calc.git', sha)).toBe('https://git.example.org/ada/calc.git');
    expect(compareUrl('https://git.example.org/ada/calc.git', 'a'.repeat(40), sha)).toBeNull();
  });
});

describe('grade schema', () => {
  it('score is optional, 0-100 in steps of 0.01; status is required', () => {
    for (const score of [0, 100, 55.55, 99.99, null, undefined]) expect(gradeSubmissionRequestSchema.safeParse({ score, status: 'passed' }).success).toBe(true);
    for (const score of [-0.01, 100.01, 55.555, '50']) expect(gradeSubmissionRequestSchema.safeParse({ score, status: 'passed' }).success).toBe(false);
    expect(fields(gradeSubmissionRequestSchema.safeParse({ score: 50 }))).toEqual({ status: 'Choose a status' });
  });
});

describe('week and task schemas', () => {
  it('week number is a whole number 1-20, title required', () => {
    expect(fields(createWeekRequestSchema.safeParse({ subjectId: 'x', weekNumber: 21, title: ' ' }))).toEqual({
      subjectId: 'Choose a subject',
      weekNumber: 'Week number must be a whole number from 1 to 20',
      title: 'Title is required',
    });
    expect(createWeekRequestSchema.parse({ subjectId: id, weekNumber: 20, title: 'Intro' })).toEqual({ subjectId: id, weekNumber: 20, title: 'Intro', objectives: '' });
  });

  it('task day 1-5, optional ISO due date', () => {
    expect(addTaskRequestSchema.parse({ dayNumber: 1, title: 'T' })).toMatchObject({ description: '', instructions: '', dueAt: null });
    expect(addTaskRequestSchema.parse({ dayNumber: 5, title: 'T', dueAt: '2026-11-30T12:00:00Z' }).dueAt).toBe('2026-11-30T12:00:00Z');
    expect(fields(addTaskRequestSchema.safeParse({ dayNumber: 6, title: 'T', dueAt: 'tomorrow' }))).toEqual({
      dayNumber: 'Day must be a whole number from 1 to 5',
      dueAt: 'Enter a valid due date and time',
    });
  });
});

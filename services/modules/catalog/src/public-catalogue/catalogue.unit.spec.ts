import { readFileSync } from 'node:fs';
import { CATALOGUE, parseCatalogue } from './catalogue.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The shipped catalogue.json, a fresh copy, with the value at `path` set to `value`. */
function edited(path: (string | number)[], value: Json): unknown {
  const file = JSON.parse(readFileSync(new URL('catalogue.json', import.meta.url), 'utf8')) as Json;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string | number, Json>)[key], file);
  (parent as Record<string | number, Json>)[path.at(-1)!] = value;
  return file;
}

describe('the public catalogue file (catalogue.json)', () => {
  it("fills each course's gaps from its group's defaults, and outlines the weeks from their titles", () => {
    const first = CATALOGUE.eveningProgrammes[0];
    expect([first.duration, first.monthlyZar, first.monthlyPayments, first.syllabus.duration]).toEqual(['5 months', 4000, 6, '5 months (20 weeks), Mon-Fri, 1 hour each evening']);
    expect(first.syllabus.weeklyOutline.slice(3, 6)).toEqual([
      { week: 4, title: 'Files, folders and the command line' },
      { week: 5, title: 'Capstone: tech explainer', isProject: true },
      { week: 6, title: 'HTML structure' },
    ]);
    // A course's own value wins over the default.
    expect(CATALOGUE.eveningProgrammes.find((c) => c.id === 'evening-it-support')?.syllabus.certification).toMatch(/; CompTIA A\+ is certified by CompTIA$/);
  });

  it.each<[string, (string | number)[], Json, string]>([
    ['an icon that is not drawn', ['fullTimeCourses', 'courses', 1, 'syllabus', 'icon'], 'unicorn', 'fullTimeCourses.courses[1].syllabus.icon'],
    ['a misspelt field', ['eveningProgrammes', 'courses', 0, 'monthyZar'], 4500, 'eveningProgrammes.courses[0]'],
    ['a price in words', ['plans', 2, 'upfrontZar'], '30 000', 'plans[2].upfrontZar'],
    ['a project week past the last week', ['fullTimeCourses', 'courses', 0, 'syllabus', 'projectWeeks'], [4, 13], 'fullTimeCourses.courses[0].syllabus.projectWeeks'],
    ['a bad default, reported on each course it fills', ['eveningProgrammes', 'defaults', 'monthlyPayments'], 0, 'eveningProgrammes.courses[5].monthlyPayments'],
    ['a course no application option names', ['eveningProgrammes', 'courses', 2, 'applicationCourse'], 'Back-End', 'eveningProgrammes.courses[2].applicationCourse'],
  ])('refuses %s, naming the field', (_, path, value, field) => {
    expect(() => parseCatalogue(edited(path, value))).toThrow(`→ at ${field}`);
  });
});

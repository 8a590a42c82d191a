import { describe, expect, it } from '@jest/globals';
import { COURSE_ICONS } from '@academy/contracts';
import { CATALOGUE } from './catalogue.js';
import { courseImageSvg } from './course-image.js';

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

describe('the syllabus banner of a course', () => {
  it.each([...CATALOGUE.eveningProgrammes, ...CATALOGUE.fullTimeCourses].map((c) => [c.title, c] as const))('draws the icon of %s in SVG shapes, with no emoji', (_, course) => {
    const svg = courseImageSvg(course);
    expect(svg).not.toMatch(EMOJI);
    // As many shapes as the icon has, inside the icon's group.
    const group = /<g transform="translate\(40 40\) scale\(4\)"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(group.match(/<(path|circle|rect|line) /g)).toHaveLength(COURSE_ICONS[course.syllabus.icon].length);
  });
});

import { COURSE_ICONS, ICON_STROKE } from '@academy/contracts';
import type { CatalogueCourse } from './catalogue.js';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Hue per course, stable across restarts (a hash of its id), so each syllabus has its own colour. */
function hue(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

const attributes = (a: Readonly<Record<string, string>>) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${escapeXml(v)}"`)
    .join(' ');

/** The course's icon, 96 px, white, drawn from the same shapes as the landing page's (no emoji: no font needed). */
function icon(course: CatalogueCourse): string {
  const shapes = COURSE_ICONS[course.syllabus.icon].map(([tag, a]) => `<${tag} ${attributes(a)}/>`).join('');
  return `<g transform="translate(40 40) scale(4)" color="#fff" ${attributes(ICON_STROKE)}>${shapes}</g>`;
}

/** A 640×280 banner: the course's icon and title on a gradient; no image files to ship or keep in sync. */
export function courseImageSvg(course: CatalogueCourse): string {
  const h = hue(course.id);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 280" width="640" height="280" role="img" aria-label="${escapeXml(course.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 45%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360} 70% 30%)"/></linearGradient></defs>
<rect width="640" height="280" rx="16" fill="url(#g)"/>
${icon(course)}
<text x="40" y="230" font-size="32" font-weight="700" font-family="sans-serif" fill="#fff">${escapeXml(course.title)}</text>
</svg>`;
}

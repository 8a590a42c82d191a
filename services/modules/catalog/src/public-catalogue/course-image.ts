import type { CatalogueCourse } from './catalogue.data.js';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Hue per course, stable across restarts (a hash of its id), so each syllabus has its own colour. */
function hue(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/** A 640×280 banner: the course's emoji and title on a gradient; no image files to ship or keep in sync. */
export function courseImageSvg(course: CatalogueCourse): string {
  const h = hue(course.id);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 280" width="640" height="280" role="img" aria-label="${escapeXml(course.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 45%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360} 70% 30%)"/></linearGradient></defs>
<rect width="640" height="280" rx="16" fill="url(#g)"/>
<text x="40" y="150" font-size="96" font-family="sans-serif">${escapeXml(course.syllabus.emoji)}</text>
<text x="40" y="230" font-size="32" font-weight="700" font-family="sans-serif" fill="#fff">${escapeXml(course.title)}</text>
</svg>`;
}

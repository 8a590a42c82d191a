import { COURSE_ICONS, ICON_STROKE, type CourseIcon } from '@academy/contracts';

// React spells SVG attributes in camelCase: stroke-width → strokeWidth.
const STROKE = Object.fromEntries(Object.entries(ICON_STROKE).map(([k, v]) => [k.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), v]));

/** A course's icon as inline SVG (never an emoji: those need a colour-emoji font, issue 18 §5). */
export function CourseIconSvg({ icon, className }: { icon: CourseIcon; className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={icon} className={className} {...STROKE}>
      {COURSE_ICONS[icon].map(([Tag, attributes], i) => (
        <Tag key={i} {...attributes} />
      ))}
    </svg>
  );
}

import { AUDIT_CONTEXTS, type AuditOverview } from '@academy/contracts';
import { activityBars } from './activity-chart';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };
// One hue per context, in the order of AUDIT_CONTEXTS ('other' last); the legend names them, so colour is never the only cue.
const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#db2777', '#4b5563', '#78716c'];
const colourOf = (context: string) => COLOURS[Math.max(0, [...AUDIT_CONTEXTS, 'other'].indexOf(context as never))] ?? COLOURS[8];

/**
 * Events per day, stacked by context: a hand-rolled SVG (the dashboards use no chart library, like the
 * student's score trend). Each part's title names its types and counts; screen readers get a summary.
 */
export function ActivityChart({ overview, today }: { overview: Pick<AuditOverview, 'since' | 'activity'>; today: string }) {
  const bars = activityBars(overview, today);
  const max = Math.max(1, ...bars.map((b) => b.total));
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / bars.length;
  const contexts = [...new Set(bars.flatMap((b) => b.parts.map((p) => p.context)))].sort();
  const summary = `Events per day: ${bars.map((b) => `${b.day} ${b.total}`).join(', ')}`;
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full" data-testid="activity-chart">
        {bars.map((b, i) => {
          let y = PAD.top + innerH;
          return (
            <g key={b.day}>
              {b.parts.map((p) => {
                const h = (p.count / max) * innerH;
                y -= h;
                return (
                  <rect key={p.context} x={PAD.left + i * slot + slot * 0.15} width={slot * 0.7} y={y} height={h} fill={colourOf(p.context)}>
                    <title>{`${b.day} ${p.context}: ${p.types.join(', ')}`}</title>
                  </rect>
                );
              })}
              {i % 2 === 0 && (
                <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                  {b.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs">
        {contexts.map((c) => (
          <span key={c} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: colourOf(c) }} />
            {c}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

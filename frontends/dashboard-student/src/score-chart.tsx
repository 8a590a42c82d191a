/** One point of the score trend: a graded submission's score, in the order the student submitted. */
export interface TrendPoint {
  label: string;
  score: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 40 };
const GRID = [0, 25, 50, 75, 100];

/** The x and y of each point in the chart's own coordinates (0–100 maps bottom to top). */
export function trendCoordinates(points: readonly TrendPoint[]): { x: number; y: number }[] {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  return points.map((p, i) => ({
    x: Math.round((PAD.left + (points.length > 1 ? i * step : innerW / 2)) * 100) / 100,
    y: Math.round((PAD.top + innerH * (1 - Math.min(Math.max(p.score, 0), 100) / 100)) * 100) / 100,
  }));
}

/**
 * The score trend as a hand-rolled SVG line (no chart library: one line of points is all it needs).
 * Screen readers get the whole series in the label.
 */
export function ScoreChart({ points }: { points: readonly TrendPoint[] }) {
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No scores yet: the trend appears after your first graded submission.</p>;
  const coords = trendCoordinates(points);
  const line = coords.map((c, i) => `${i === 0 ? 'M' : 'L'}${c.x},${c.y}`).join(' ');
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const summary = `Score trend: ${points.map((p) => `${p.label} ${p.score}`).join(', ')}`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full" data-testid="score-chart">
      {GRID.map((g) => {
        const y = PAD.top + innerH * (1 - g / 100);
        return (
          <g key={g}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-border" strokeDasharray={g === 0 ? undefined : '4 4'} />
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {g}
            </text>
          </g>
        );
      })}
      {coords.length > 1 && <path d={line} fill="none" className="stroke-primary" strokeWidth={2} />}
      {coords.map((c, i) => (
        <g key={i}>
          <circle cx={c.x} cy={c.y} r={4} className="fill-primary" data-score={points[i].score}>
            <title>{`${points[i].label}: ${points[i].score}/100`}</title>
          </circle>
          <text x={c.x} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[11px]">
            {i + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

import type { RubricBreakdown as Breakdown } from '@academy/contracts';

/** The breakdown under a rubric grade (issue 30 §2): each criterion, the level given, its points of the best, the teacher's comment. */
export function RubricBreakdown({ rubric }: { rubric: Breakdown }) {
  return (
    <ul aria-label="Rubric breakdown" className="grid gap-1 text-xs" data-testid="rubric-breakdown">
      {rubric.criteria.map((c) => (
        <li key={c.criterionId} data-testid="rubric-criterion">
          <span className="font-medium">{c.title}</span>
          {`: ${c.level} (${c.points}/${c.maxPoints})`}
          {c.comment && <span className="block whitespace-pre-line text-muted-foreground">{c.comment}</span>}
        </li>
      ))}
    </ul>
  );
}

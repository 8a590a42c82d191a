import { formatMoney, PUBLIC_SITE_TEXTS, type PublicCourse } from '@academy/contracts';
import { Button } from '@academy/ui';
import { CourseIconSvg } from './course-icon';

interface CourseCardProps {
  course: PublicCourse;
  onEnroll: (course: PublicCourse) => void;
  onSyllabus: (course: PublicCourse) => void;
}

/** One entry of the static catalogue (spec §3): every field of it, with Enroll Now and its syllabus. */
export function CourseCard({ course, onEnroll, onSyllabus }: CourseCardProps) {
  const headingId = `course-${course.id}`;
  return (
    <article aria-labelledby={headingId} data-testid={`course-${course.id}`} className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <h4 id={headingId} className="flex items-start gap-2 text-lg leading-snug font-semibold">
          <CourseIconSvg icon={course.syllabus.icon} className="mt-0.5 size-5 shrink-0 text-primary" />
          {course.title}
        </h4>
        {course.enrolled === 'NEW' ? (
          <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{PUBLIC_SITE_TEXTS.newBadge}</span>
        ) : (
          <span className="shrink-0 text-xs text-muted-foreground">{course.enrolled} enrolled</span>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {course.duration} · {course.level}
      </p>
      <p className="text-sm">{course.description}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label={`Skills of ${course.title}`}>
        {course.skills.map((s) => (
          <li key={s} className="rounded-md bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
            {s}
          </li>
        ))}
      </ul>
      <div className="mt-auto" data-testid="course-price">
        <p>
          <span className="text-2xl font-bold">{formatMoney(course.monthlyPrice)}</span>
          <span className="text-sm text-muted-foreground">/month{course.monthlyPayments ? ` for ${course.monthlyPayments} months` : ''}</span>
        </p>
        <p className="text-sm text-muted-foreground">or {formatMoney(course.upfrontPrice)} upfront</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onEnroll(course)} aria-label={`${PUBLIC_SITE_TEXTS.enrollNow}: ${course.title}`}>
          {PUBLIC_SITE_TEXTS.enrollNow}
        </Button>
        <Button variant="outline" onClick={() => onSyllabus(course)} aria-label={`${course.evening ? PUBLIC_SITE_TEXTS.learnMore : PUBLIC_SITE_TEXTS.viewSyllabus}: ${course.title}`}>
          {course.evening ? PUBLIC_SITE_TEXTS.learnMore : PUBLIC_SITE_TEXTS.viewSyllabus}
        </Button>
      </div>
    </article>
  );
}

import type { PublicCourse } from '@academy/contracts';
import { CourseIconSvg } from './course-icon';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@academy/ui';

/** Spec §2 syllabus dialog: image, duration, audience, accreditation, overview, what you will learn, weekly outline (projects flagged), outcomes, certification. */
export default function SyllabusDialog({ course, onClose }: { course: PublicCourse; onClose: () => void }) {
  const s = course.syllabus;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CourseIconSvg icon={s.icon} className="size-5 shrink-0 text-primary" />
            {course.title}
          </DialogTitle>
          <DialogDescription>{s.overview}</DialogDescription>
        </DialogHeader>
        <img src={s.image} alt={s.imageAlt} width={640} height={280} className="h-auto w-full rounded-lg" />
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold">Duration</dt>
            <dd className="text-muted-foreground">{s.duration}</dd>
          </div>
          <div>
            <dt className="font-semibold">Audience</dt>
            <dd className="text-muted-foreground">{s.audience}</dd>
          </div>
          <div>
            <dt className="font-semibold">Accreditation</dt>
            <dd className="text-muted-foreground">{s.accreditation}</dd>
          </div>
        </dl>
        <section aria-labelledby="syllabus-learn">
          <h3 id="syllabus-learn" className="mb-2 font-semibold">
            What You Will Learn
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {s.whatYouLearn.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="syllabus-outline">
          <h3 id="syllabus-outline" className="mb-2 font-semibold">
            Weekly Outline
          </h3>
          <ol className="grid gap-1 text-sm sm:grid-cols-2">
            {s.weeklyOutline.map((w) => (
              <li key={w.week} className="flex items-baseline gap-2">
                <span className="w-16 shrink-0 text-muted-foreground">Week {w.week}</span>
                <span>{w.title}</span>
                {w.isProject && <span className="rounded bg-primary/10 px-1.5 text-xs font-semibold text-primary">Project</span>}
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="syllabus-outcomes">
          <h3 id="syllabus-outcomes" className="mb-2 font-semibold">
            Outcomes
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {s.outcomes.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="syllabus-certification">
          <h3 id="syllabus-certification" className="mb-2 font-semibold">
            Certification
          </h3>
          <p className="text-sm">{s.certification}</p>
        </section>
      </DialogContent>
    </Dialog>
  );
}

import { TESTIMONIALS, TESTIMONIALS_TITLE } from './landing-content';
import { LandingSection } from './landing-section';

export function TestimonialsSection() {
  return (
    <LandingSection title={TESTIMONIALS_TITLE} id="testimonials" className="bg-muted/40">
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="h-full rounded-xl border bg-card p-5">
              <blockquote className="text-sm">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold">{t.name}</span>
                <span className="block text-muted-foreground">{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

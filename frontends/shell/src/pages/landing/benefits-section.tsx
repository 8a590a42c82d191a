import { Award, Briefcase, CalendarClock, GraduationCap, Hammer, Users } from 'lucide-react';
import { BENEFITS, BENEFITS_TITLE } from './landing-content';
import { LandingSection } from './landing-section';

/** One icon per benefit, in BENEFITS' order. */
const BENEFIT_ICONS = [GraduationCap, Users, CalendarClock, Hammer, Briefcase, Award];

export function BenefitsSection() {
  return (
    <LandingSection title={BENEFITS_TITLE} id="why-choose-us">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((b, i) => {
          const Icon = BENEFIT_ICONS[i];
          return (
            <li key={b.title} className="rounded-xl border p-5">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{b.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{b.text}</p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}

import { PARTNERS, PARTNERS_LEAD, PARTNERS_TITLE } from './landing-content';
import { LandingSection } from './landing-section';

export function PartnersSection() {
  return (
    <LandingSection title={PARTNERS_TITLE} lead={PARTNERS_LEAD} id="partners" className="bg-muted/40">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {PARTNERS.map((p) => (
          <li key={p} className="flex min-h-16 items-center justify-center rounded-lg border bg-card p-3 text-center text-sm font-semibold text-muted-foreground">
            {p}
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

import { ABOUT } from './landing-content';
import { LandingSection } from './landing-section';

export function AboutSection() {
  return (
    <LandingSection id="about" title={ABOUT.title}>
      <div className="grid max-w-3xl gap-4">
        {ABOUT.paragraphs.map((p) => (
          <p key={p.slice(0, 20)}>{p}</p>
        ))}
      </div>
    </LandingSection>
  );
}

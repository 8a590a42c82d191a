import type { ComponentType } from 'react';
import { Globe } from 'lucide-react';

// The flags of the two markets as SVG, not regional-indicator emoji: without a colour-emoji font
// (many Linux lab machines) those render as two letters or empty boxes (issue 18 §5).

/** South Africa, 2:3. */
function SouthAfrica() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 6" aria-hidden="true">
      <clipPath id="flag-za-hoist">
        <path d="M0 0l4.5 3L0 6z" />
      </clipPath>
      <path fill="#002395" d="M0 0h9v6H0z" />
      <path fill="#de3831" d="M0 0h9v3H0z" />
      <path fill="none" stroke="#fff" strokeWidth="2" d="M0 0l4.5 3L0 6m4.5-3H9" />
      <path fill="#000" stroke="#ffb612" strokeWidth="2" clipPath="url(#flag-za-hoist)" d="M0 0l4.5 3L0 6" />
      <path fill="none" stroke="#007a4d" strokeWidth="1.2" d="M0 0l4.5 3L0 6m4.5-3H9" />
    </svg>
  );
}

/** Zimbabwe, 1:2 (the bird on the star left out: it is not readable at this size). */
function Zimbabwe() {
  const stripes = ['#319208', '#ffd200', '#de2010', '#000', '#de2010', '#ffd200', '#319208'];
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1008 504" aria-hidden="true">
      {stripes.map((fill, i) => (
        <rect key={i} y={i * 72} width="1008" height="72" fill={fill} />
      ))}
      <path fill="#fff" stroke="#000" strokeWidth="18" d="M0 0l436 252L0 504z" />
      <path fill="#de2010" d="M150 156L172 221L241 222L186 264L206 330L150 290L94 330L114 264L59 222L128 221Z" />
    </svg>
  );
}

const FLAGS: Record<string, ComponentType> = { ZA: SouthAfrica, ZW: Zimbabwe };

/** The visitor's flag ("Flag of ZA"); a globe for a country without one here. */
export function CountryFlag({ country }: { country: string }) {
  const Flag = FLAGS[country];
  return (
    <span role="img" aria-label={Flag ? `Flag of ${country}` : `Location: ${country}`} data-country={country} className="inline-flex h-4 w-6 shrink-0 overflow-hidden rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.15)] [&>svg]:h-full [&>svg]:w-full">
      {Flag ? <Flag /> : <Globe aria-hidden="true" className="text-muted-foreground" />}
    </span>
  );
}

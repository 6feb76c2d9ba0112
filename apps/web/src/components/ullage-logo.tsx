import { useId } from 'react';

interface UllageLogoProps {
  size?: number;
  title?: string;
}

/**
 * The Ullage mark: a tank with its fuel level and the gauge probe, the empty space above
 * the fuel being the ullage the product is named after. Inline so the login page needs no
 * extra request.
 */
export function UllageLogo({ size = 32, title }: UllageLogoProps) {
  const clip = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={title} aria-hidden={title ? undefined : true}>
      <rect width="32" height="32" rx="7" fill="#0f4c81" />
      <clipPath id={clip}>
        <rect x="5" y="9" width="22" height="15" rx="7.5" />
      </clipPath>
      <rect x="5" y="16" width="22" height="8" fill="#f5a623" clipPath={`url(#${clip})`} />
      <rect x="5" y="9" width="22" height="15" rx="7.5" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M16 5v14" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** One outline icon set, inline SVG (no fetch), decorative unless a label is given. */
const paths = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  accounts: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  transfer: 'M7 4 3 8l4 4M3 8h14M17 12l4 4-4 4M21 16H7',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21c1-4 4-6 8-6s7 2 8 6',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  back: 'M15 5l-7 7 7 7',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0',
  chevron: 'M9 5l7 7-7 7',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  check: 'M5 12.5l4.5 4.5L19 7',
  shield: 'M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2',
  arrowIn: 'M12 4v12M6 10l6 6 6-6M5 20h14',
  arrowOut: 'M12 20V8M6 14l6-6 6 6M5 4h14',
  exchange: 'M4 9h13l-3-3M20 15H7l3 3',
  adjust: 'M4 7h10M18 7h2M4 17h4M12 17h8M16 5v4M10 15v4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14ZM20 20l-4-4',
  filter: 'M4 6h16M7 12h10M10 18h4',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 4l16 16',
  fingerprint:
    'M6.5 5.5A8 8 0 0 1 20 11v1M4 9.5A8 8 0 0 0 4 13M8 19c1-2 1.5-4 1.5-6.5a2.5 2.5 0 0 1 5 0c0 3-.5 5.5-2 8M12 12.5c0 3-.7 5.5-2.2 7.5M16.8 15c-.2 2-.7 3.8-1.6 5.5M7.5 9.8A4.8 4.8 0 0 1 16.8 12',
} as const;

export type IconName = keyof typeof paths;

const directional: ReadonlySet<IconName> = new Set(['back', 'chevron']);

export function Icon({ name, label }: { name: IconName; label?: string }) {
  const className = directional.has(name) ? 'icon icon-directional' : 'icon';
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

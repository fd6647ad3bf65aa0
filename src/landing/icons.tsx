// Line icons drawn for this page (24 × 24, stroked); inline so they cost no request.

const ICON_PATHS = {
  calendarCheck: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4',
  wallet: 'M3 7h15a3 3 0 0 1 3 3v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-4 2 4M16 14h2',
  housePlus: 'M3 11l9-7 9 7M5 9.5V20h14V9.5M12 11v6M9 14h6',
  sliders: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  ticket: 'M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6H3zM9 15l6-6M9.5 9.5h.01M14.5 14.5h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  bolt: 'M13 3L5 13h6l-1 8 8-10h-6z',
  shieldCheck: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-4.5',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  heart: 'M12 20s-8-4.7-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.3 12 20 12 20z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** Decorative: the text beside it carries the meaning. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/** The brand mark: a house in a rounded square, as the favicon. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M32 12 10 30h6v20h12V38h8v12h12V30h6z" fill="#fff" />
    </svg>
  );
}

/** Store badges' marks: a play triangle and a simple fruit, our own drawings rather than the stores' artwork. */
export function StoreMark({ store }: { store: 'google-play' | 'app-store' }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      {store === 'google-play' ? (
        <path d="M5 3.5v17a1 1 0 0 0 1.5.9l14-8.5a1 1 0 0 0 0-1.8l-14-8.5A1 1 0 0 0 5 3.5z" />
      ) : (
        <path d="M16.5 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8C6.9 7.3 5 8.8 5 12c0 4.2 3 9 5 9 1 0 1.4-.6 2.6-.6s1.5.6 2.6.6c2 0 3.6-3.4 3.9-4.5-2.2-.9-2.6-2.9-2.6-3.9zM14.2 5.6c.6-.8 1-1.8.9-2.8-.9 0-2 .6-2.6 1.4-.6.7-1.1 1.7-.9 2.7 1 .1 2-.5 2.6-1.3z" />
      )}
    </svg>
  );
}

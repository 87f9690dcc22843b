/** The login page's small inline icons (decorative: aria-hidden). */
const base = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const PlayIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
);
export const HeartIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M12 21l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.18z" />
  </svg>
);
export const DevicesIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M4 6h18V4H4a2 2 0 0 0-2 2v11H0v3h14v-3H4zm19 2h-6a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1zm-1 9h-4v-7h4z" />
  </svg>
);
export const BellIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z" />
  </svg>
);
export const BackIcon = () => (
  <svg
    {...base}
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    data-mirror=""
  >
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const InfoIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" />
  </svg>
);

/** The shop mark (a serving cloche on an accent tile) and name, linking home. Text and home address come in as props. */
export function LogoMark({ name, label, href }: { name: string; label: string; href: string }) {
  return (
    <a href={href} className="logo" aria-label={label}>
      <svg className="logo__mark" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill="var(--color-accent)" />
        <path d="M8 27h24" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M10.5 25a9.5 9.5 0 0 1 19 0Z" fill="#fff" />
        <circle cx="20" cy="13.2" r="1.9" fill="#fff" />
      </svg>
      <span className="logo__name">{name}</span>
    </a>
  );
}

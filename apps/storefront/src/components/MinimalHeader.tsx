import { Logo } from './Logo.tsx';

/** Header of the minimal layout (catalogue.md §2): the logo only. */
export function MinimalHeader() {
  return (
    <header className="minimal-header">
      <div className="container">
        <Logo />
      </div>
    </header>
  );
}

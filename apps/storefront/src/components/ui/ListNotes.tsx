/** What a product list kept in the browser (wishlist, compare) shows in place of its products. */

export function ListLoading({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className} role="status">
      {text}
    </p>
  );
}

export function ListError({ text }: { text: string }) {
  return (
    <p className="empty-note" role="alert">
      {text}
    </p>
  );
}

/** The empty list, with the way back to the home page (`onLeave` runs when it is followed). */
export function ListEmpty({ text, linkText, homeHref, onLeave }: { text: string; linkText: string; homeHref: string; onLeave?: () => void }) {
  return (
    <div className="empty-note">
      <p>{text}</p>
      <a href={homeHref} onClick={onLeave}>
        {linkText}
      </a>
    </div>
  );
}

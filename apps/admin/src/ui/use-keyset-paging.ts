import { useState } from 'react';

/**
 * Pages of a list the API pages by cursor (keyset): the cursors that led to the current page,
 * started again whenever `key` (the list's filters and sort) changes. Page n+1 is reached with
 * the `nextCursor` of page n; going back drops the last cursor.
 */
export function useKeysetPaging(key: string) {
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = trail.key === key ? trail.cursors : [];
  return {
    page: cursors.length + 1,
    cursor: cursors[cursors.length - 1],
    /** To page `to`, one step either way; forward needs the current page's nextCursor. */
    go: (to: number, nextCursor: string | undefined) => {
      if (to < cursors.length + 1) setTrail({ key, cursors: cursors.slice(0, to - 1) });
      else if (nextCursor) setTrail({ key, cursors: [...cursors, nextCursor] });
    },
  };
}

/** A page's search parameters as Next hands them to a page component. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a search parameter, '' when absent (a repeated parameter counts once). */
export const firstParam = (params: SearchParams, name: string): string => {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

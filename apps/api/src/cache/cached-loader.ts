/** A value loaded on first use and shared until cleared; a failed load is not kept, so the next call retries. */
export function cachedLoader<T>(load: () => Promise<T>) {
  let value: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      value ??= load().catch((error: unknown) => {
        value = undefined;
        throw error;
      });
      return value;
    },
    clear(): void {
      value = undefined;
    },
  };
}

import { useEffect, useState } from 'react';

/** The value of a promise once it settles; `undefined` while loading. Reloads when `version` changes. */
export function useAsync<T>(load: (() => Promise<T>) | undefined, version = 0): { value: T | undefined; error: string | undefined } {
  const [result, setResult] = useState<{ value: T | undefined; error: string | undefined }>({ value: undefined, error: undefined });
  useEffect(() => {
    if (load === undefined) return;
    let current = true;
    load().then(
      (value) => { if (current) setResult({ value, error: undefined }); },
      (error: unknown) => { if (current) setResult({ value: undefined, error: error instanceof Error ? error.message : String(error) }); },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure every render; the version says when to load again.
  }, [version]);
  return result;
}

import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** Columns and rows of the terminal, updated on resize. */
export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  // Inline mode hands Ink a stream whose `rows` is unbounded (app/scrollback.ts); `realRows` is the screen.
  const read = () => ({ columns: stdout.columns || 80, rows: (stdout as { realRows?: number }).realRows || stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

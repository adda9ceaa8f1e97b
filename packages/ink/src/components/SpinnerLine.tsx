import { Text } from 'ink';
import { useEffect, useState } from 'react';
import type { Theme } from '../theme/themes.js';
import { formatDuration } from './transcript/format.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface SpinnerLineProps {
  startedAt: number;
  theme: Theme;
  label?: string;
}

/** "⠹ Working… 3.2s (esc to cancel)" while a turn runs. */
export function SpinnerLine({ startedAt, theme, label = 'Working…' }: SpinnerLineProps) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  const frame = FRAMES[Math.floor(now / 100) % FRAMES.length];
  const elapsed = Math.max(0, now - startedAt);
  return (
    <Text color={theme.colors.accent} wrap="truncate-end">
      {frame} {label} <Text color={theme.colors.muted}>{`${formatDuration(Math.floor(elapsed / 1000) * 1000)} (esc to cancel)`}</Text>
    </Text>
  );
}

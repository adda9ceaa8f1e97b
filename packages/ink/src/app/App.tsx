import { Box, Text, useApp, useInput } from 'ink';
import { useState } from 'react';
import type { CliOptions } from '../cli/argv.js';
import { Banner } from '../components/Banner.js';
import { Footer } from '../components/Footer.js';

interface AppProps {
  options: CliOptions;
  cwd: string;
}

/** The root of the TUI. */
export function App({ options, cwd }: AppProps) {
  const { exit } = useApp();
  const [input, setInput] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const [quitArmed, setQuitArmed] = useState(false);

  useInput((character, key) => {
    if (key.ctrl && character === 'c') {
      if (quitArmed || input === '') {
        if (quitArmed) exit();
        else setQuitArmed(true);
      } else {
        setInput('');
      }
      return;
    }
    setQuitArmed(false);
    if (key.return) {
      if (input.trim() !== '') setLines((previous) => [...previous, `> ${input}`]);
      setInput('');
      return;
    }
    if (key.backspace || key.delete) {
      setInput((previous) => previous.slice(0, -1));
      return;
    }
    if (!key.ctrl && !key.meta && character) setInput((previous) => previous + character);
  });

  return (
    <Box flexDirection="column">
      <Banner />
      {lines.map((line, index) => (
        <Text key={index}>{line}</Text>
      ))}
      <Box borderStyle="round" borderColor="cyan" paddingX={1}>
        <Text color="cyan">{'> '}</Text>
        <Text>{input}</Text>
        <Text inverse> </Text>
      </Box>
      <Footer cwd={cwd} model={options.model} quitArmed={quitArmed} />
    </Box>
  );
}

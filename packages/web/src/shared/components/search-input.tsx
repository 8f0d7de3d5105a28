import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

const TYPING_DEBOUNCE_MS = 500;

interface Props {
  label: string;
  placeholder: string;
  /** The value in the URL. */
  value: string | undefined;
  onChange: (value: string) => void;
  type?: 'search' | 'text';
  miw?: number;
}

/** A list's text filter (full width on phones): reports after typing pauses (or at Enter), and follows the URL when it changes elsewhere (back, clear). */
export function SearchInput({ value, onChange, miw = 220, ...props }: Props) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const report = useDebouncedCallback(onChange, TYPING_DEBOUNCE_MS);
  return (
    <TextInput
      {...props}
      value={text}
      leftSection={<IconSearch size={16} />}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report.flush();
      }}
      miw={{ base: '100%', xs: miw }}
      style={{ flex: 1 }}
    />
  );
}

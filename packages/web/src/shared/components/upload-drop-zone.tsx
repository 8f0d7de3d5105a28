import { Group, Paper, Progress, Stack, Text, ThemeIcon, type MantineSpacing } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState, type DragEvent, type ReactNode } from 'react';

interface Props {
  /** The file being sent, with its progress; the zone shows a progress bar meanwhile. */
  upload: { name: string; percent: number } | null;
  /** "Enviando {name}…" for the file being sent. */
  uploadingLabel: (name: string) => string;
  /** The hint under the cloud icon ("Arraste o arquivo aqui…"). */
  hint: string;
  /** The file-picker button. */
  picker: ReactNode;
  onFile: (file: File | null) => void;
  padding?: MantineSpacing;
  testId?: string;
}

/** A dashed drop zone for one file: drag it in or pick it; while it uploads, a progress bar. */
export function UploadDropZone({ upload, uploadingLabel, hint, picker, onFile, padding = 'lg', testId }: Props) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFile(e.dataTransfer.files[0] ?? null);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p={padding}
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined, background: dragging ? 'var(--mantine-primary-color-light)' : undefined }}
    >
      {upload ? (
        <Stack gap={6} aria-live="polite">
          <Group justify="space-between">
            <Text size="sm" truncate maw="80%">
              {uploadingLabel(upload.name)}
            </Text>
            <Text size="sm" fw={600}>
              {upload.percent}%
            </Text>
          </Group>
          <Progress value={upload.percent} animated size="md" aria-label={uploadingLabel(upload.name)} />
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <ThemeIcon variant="light" size={44} radius="xl">
            <IconCloudUpload size={24} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
          {picker}
        </Stack>
      )}
    </Paper>
  );
}

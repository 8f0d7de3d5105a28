/** One run of a WhatsApp message's text with the formatting WhatsApp applies to it. */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  mono?: boolean;
}

const MARKS: Array<{ mark: string; style: keyof Omit<TextRun, 'text'> }> = [
  { mark: '*', style: 'bold' },
  { mark: '_', style: 'italic' },
  { mark: '~', style: 'strike' },
  { mark: '`', style: 'mono' },
];

/**
 * WhatsApp's inline formatting (*negrito*, _itálico_, ~tachado~, `mono`) as runs: a mark opens
 * only before a non-space and closes only after one, on the same line, as the app does.
 */
export function parseWhatsAppText(line: string, inherited: Omit<TextRun, 'text'> = {}): TextRun[] {
  const runs: TextRun[] = [];
  let plain = '';
  let i = 0;
  while (i < line.length) {
    const found = MARKS.find((m) => m.mark === line[i]);
    const next = line[i + 1];
    if (found && next !== undefined && next !== ' ' && next !== found.mark) {
      const end = line.indexOf(found.mark, i + 1);
      if (end > i + 1 && line[end - 1] !== ' ') {
        if (plain) runs.push({ text: plain, ...inherited });
        plain = '';
        runs.push(...parseWhatsAppText(line.slice(i + 1, end), { ...inherited, [found.style]: true }));
        i = end + 1;
        continue;
      }
    }
    plain += line[i];
    i += 1;
  }
  if (plain) runs.push({ text: plain, ...inherited });
  return runs;
}

/** Fills a message's variables ({{nome}}, {{1}}, …) with example values, as the provider's preview does; unknown ones stay. */
export function fillPlaceholders(text: string, examples: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([\p{L}\d_]+)\s*\}\}/gu, (whole, key: string) => examples[key] ?? whole);
}

import { unwrap } from './client';

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** A file the typed client fetched with `parseAs: 'blob'`, under the server's name (or `fallback`); throws ApiError like unwrap. */
export async function downloadedFile(call: Promise<{ data?: Blob; error?: unknown; response: Response }>, fallback: string): Promise<{ blob: Blob; filename: string }> {
  const blob = await unwrap(call);
  const { response } = await call;
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) ?? fallback };
}

/** Hands a downloaded file to the browser under its name. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

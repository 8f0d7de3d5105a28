import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The workspace root (the folder holding pnpm-workspace.yaml), from source or from dist. */
export function workspaceRoot(from = import.meta.dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

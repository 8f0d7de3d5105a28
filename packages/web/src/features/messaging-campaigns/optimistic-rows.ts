/**
 * Spec §4 template list states, derived from the server's rows and the writes still in flight:
 * a create shows a temporary entry marked saving (gone when the write ends: the saved row has
 * taken its place, or the write failed); a delete marks its row deleted and saving (gone when the
 * write succeeds, back to normal when it fails). Derived on each render, so a list refetched
 * meanwhile keeps the marks.
 */
export interface RowState {
  /** React key: the row's id, or the temporary entry's. */
  key: string;
  /** A write on this row is in flight. */
  saving: boolean;
  /** The row is being deleted. */
  deleted: boolean;
  /** Not saved yet: no id, no link, no actions. */
  temporary: boolean;
}

export type Row<T> = T & RowState;

export interface PendingCreate<D> {
  /** The in-flight mutation's id, unique while it runs. */
  mutationId: number;
  draft: D;
}

export function withOptimisticRows<T extends { id: number }, D>(
  rows: readonly T[],
  creating: ReadonlyArray<PendingCreate<D>>,
  deleting: ReadonlyArray<number>,
  fromDraft: (draft: D) => Omit<T, 'id'>,
): Array<Row<T>> {
  const temporary = creating.map(({ mutationId, draft }) => ({
    ...(fromDraft(draft) as T),
    id: -mutationId,
    key: `saving-${mutationId}`,
    saving: true,
    deleted: false,
    temporary: true,
  }));
  const removing = new Set(deleting);
  const saved = rows.map((row) => {
    const deleted = removing.has(row.id);
    return { ...row, key: String(row.id), saving: deleted, deleted, temporary: false };
  });
  // Newest first, as the list orders them: what is being created goes on top.
  return [...temporary.reverse(), ...saved];
}

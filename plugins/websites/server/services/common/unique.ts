/** A write refused by a unique index (the last guard under a check made first): both engines' codes. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; errno?: number } | null;
  return err?.code === 'ER_DUP_ENTRY' || err?.errno === 1062 || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The unique constraint a PostgreSQL error violated (drizzle wraps the driver's error as `cause`), if it is one. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const src = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return src ? (src.constraint ?? 'unknown') : undefined;
}

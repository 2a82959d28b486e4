/** A real calendar day 'YYYY-MM-DD', or null. */
export function validDay(text: string): string | null {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

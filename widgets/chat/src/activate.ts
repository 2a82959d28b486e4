/** Enter or Space on a row that acts as a button does what a click does. */
export const activate = (run: () => void) => (e: { key: string; target: EventTarget | null; currentTarget: EventTarget | null; preventDefault(): void }) => {
  if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
    e.preventDefault();
    run();
  }
};

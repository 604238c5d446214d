/** Two form fields side by side from the small breakpoint on, one per row on phones. */
export const formRow = {
  display: 'grid',
  gap: { xs: 0, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  width: '100%',
  maxWidth: 760,
};

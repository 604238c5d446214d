import { Box, CircularProgress } from '@mui/material';
import { useT } from '../../lib/mobile.tsx';

/** The bus location's screens while their first data loads (the traveller's and the driver's). */
export function Loading() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('busLocation.loading')} />
    </Box>
  );
}

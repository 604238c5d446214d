import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useT } from '../../lib/mobile.tsx';

/** The spinner of the MUI phone screens of my journeys (the journey, the processes). */
export function Loading() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('myJourneys.loading')} />
    </Box>
  );
}

/** "Could not load" with a retry button. */
export function LoadFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('myJourneys.retry')}
        </Button>
      }
    >
      {t('myJourneys.loadFailed')}
    </Alert>
  );
}

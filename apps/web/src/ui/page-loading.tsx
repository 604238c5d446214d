import { Box, CircularProgress, Typography } from '@mui/material';
import { useTimeout, useTranslate } from 'react-admin';

/**
 * A page still loading: react-admin's `<Loading>` (after a second, a spinner and "Loading / Please wait"), with
 * the spinner named for assistive technology. react-admin's own spinner has no name, which axe reports as a
 * serious finding (aria-progressbar-name) whenever a scan catches it.
 */
export function PageLoading() {
  const translate = useTranslate();
  const oneSecondHasPassed = useTimeout(1000);
  if (!oneSecondHasPassed) return null;
  const loading = translate('ra.page.loading', { _: 'Loading' });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%', textAlign: 'center' }}>
      <div>
        <CircularProgress aria-label={loading} />
        <Typography variant="h5" sx={{ mt: 3, color: 'text.secondary' }}>
          {loading}
        </Typography>
        <Typography variant="body2">{translate('ra.message.loading', { _: 'Please wait' })}</Typography>
      </div>
    </Box>
  );
}

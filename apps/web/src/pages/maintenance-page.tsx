import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown while the server reports that it cannot work (health 503), and at /maintenance. */
export function MaintenancePage() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <ConstructionIcon sx={{ fontSize: 72, color: 'warning.main' }} />
      <Typography variant="h4" component="h1">
        {translate('app.maintenance.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {translate('app.maintenance.text')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {translate('app.maintenance.retry')}
      </Button>
    </Box>
  );
}

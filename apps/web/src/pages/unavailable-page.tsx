import ExtensionOffIcon from '@mui/icons-material/ExtensionOff';
import HomeIcon from '@mui/icons-material/Home';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** For menu entries whose module this installation does not contain yet: says so plainly. */
export function UnavailablePage({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const title = translate(titleKey);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2, gap: 2 }}
    >
      <Title title={title} />
      <ExtensionOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {translate('app.unavailable.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
        {translate('error.stepReturn')}
      </Button>
    </Box>
  );
}

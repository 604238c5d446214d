import type { ReactNode } from 'react';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LanguageSwitcher } from '../layout/language-switcher.tsx';
import { useBrand } from '../lib/brand.tsx';

/** The brand's name or logo and its company details, as the auth side panel shows them. */
function CompanyPanel() {
  const brand = useBrand();
  const translate = useTranslate();
  const lines = [brand.company, brand.street, [brand.zip, brand.city].filter(Boolean).join(' ')].filter(Boolean);
  return (
    <Box
      component="aside"
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        p: { xs: 3, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 3,
        minWidth: { md: 360 },
        maxWidth: { md: 420 },
      }}
    >
      <Box>
        {brand.logo ? (
          <Box component="img" src={brand.logo} alt={brand.name} sx={{ maxWidth: 220, maxHeight: 90, mb: 3 }} />
        ) : (
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, mb: 3 }}>
            {brand.name}
          </Typography>
        )}
        <Typography variant="h6" component="h2">
          {translate('app.companyPanel.welcome', { name: brand.name })}
        </Typography>
      </Box>
      <Stack spacing={0.5} sx={{ display: { xs: 'none', sm: 'flex' } }} data-testid="company-details">
        {lines.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
        {brand.tel ? (
          <Typography variant="body2">{translate('app.companyPanel.tel', { tel: brand.tel })}</Typography>
        ) : null}
        {brand.email ? <Typography variant="body2">{brand.email}</Typography> : null}
        {brand.court || brand.RegistrationNumber ? (
          <Typography variant="caption" sx={{ opacity: 0.85 }}>
            {[brand.court, brand.RegistrationNumber].filter(Boolean).join(' · ')}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
          {brand.legalLinks.imprint ? (
            <Link href={brand.legalLinks.imprint} color="inherit" variant="caption" target="_blank" rel="noopener">
              {translate('app.companyPanel.imprint')}
            </Link>
          ) : null}
          {brand.legalLinks.privacy ? (
            <Link href={brand.legalLinks.privacy} color="inherit" variant="caption" target="_blank" rel="noopener">
              {translate('app.companyPanel.privacy')}
            </Link>
          ) : null}
          {brand.legalLinks.terms ? (
            <Link href={brand.legalLinks.terms} color="inherit" variant="caption" target="_blank" rel="noopener">
              {translate('app.companyPanel.terms')}
            </Link>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

/** Visitor screens of the auth and account features (spec §2): a side panel with company details and a language switch beside the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        bgcolor: 'background.default',
      }}
    >
      <CompanyPanel />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <LanguageSwitcher color="primary" />
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}

/** The `*Iframe` auth routes are embedded in the operator's websites: the form alone, no panel. */
export function IframeAuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 480, mx: 'auto' }}>
      {children}
    </Box>
  );
}

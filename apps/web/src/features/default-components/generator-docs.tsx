import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

const FILES = [
  'packages/contracts/src/<name>s.schema.ts',
  'apps/server/src/db/migrations/<YYYY_MM_DD_HHMM>_create_<name>.ts',
  'apps/server/src/features/<name>s/<name>s.table.ts · .repository.ts · .service.ts · .routes.ts · .routes.test.ts',
  'apps/web/src/features/<name>s/<name>s.feature.tsx · <name>-pages.tsx · locales/{de,en,es,ru}.json',
];

/**
 * /empty (spec §2, with create, copy and {id}): in the original an empty placeholder page; here the documentation
 * of the feature generator, next to the default component it copies (docs/adr/0034).
 */
export function GeneratorDocs() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      {/* The app bar's title is the page's one level-one heading. */}
      <Title title={translate('defaultComponents.docs.title')} />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{translate('defaultComponents.docs.intro')}</Typography>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            {translate('defaultComponents.docs.run')}
          </Typography>
          <Box component="pre" sx={{ p: 1.5, bgcolor: 'action.hover', overflowX: 'auto', borderRadius: 1 }}>
            <code>npm run gen:feature travel-voucher</code>
          </Box>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mt: 2, mb: 1 }}>
            {translate('defaultComponents.docs.files')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {FILES.map((file) => (
              <li key={file}>
                <Typography
                  component="code"
                  sx={{ fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-word' }}
                >
                  {file}
                </Typography>
              </li>
            ))}
          </Box>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mt: 2, mb: 1 }}>
            {translate('defaultComponents.docs.then')}
          </Typography>
          <Typography>{translate('defaultComponents.docs.thenText')}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

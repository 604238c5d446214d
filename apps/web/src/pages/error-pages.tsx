import type { ReactNode } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HomeIcon from '@mui/icons-material/Home';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

function ErrorFrame({
  icon,
  code,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  code: number;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 4, md: 8 },
        px: 2,
        gap: 2,
      }}
    >
      <Title title={title} />
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 64 } }}>{icon}</Box>
      <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 300 }}>
        {code}
      </Typography>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ maxWidth: 520 }}>
        {text}
      </Typography>
      {children}
      <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />} sx={{ mt: 2 }}>
        {translate('error.stepReturn')}
      </Button>
    </Box>
  );
}

/** 403 (spec §8): no permission to view the page. */
export function ForbiddenPage() {
  const translate = useTranslate();
  return (
    <ErrorFrame
      icon={<BlockIcon />}
      code={403}
      title={translate('error.forbiddenTitle')}
      text={translate('error.forbiddenText')}
    />
  );
}

/** 404 (spec §8): "This page could not be found". */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorFrame
      icon={<SearchOffIcon />}
      code={404}
      title={translate('error.pageNotFoundTitle')}
      text={translate('error.pageNotFoundText')}
    />
  );
}

const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 ? status : 500;
};

/** Any other error (spec §8): its status code (default 500), the not-found text and the details. */
export function ErrorPage({
  error,
  resetErrorBoundary,
}: {
  error?: Error;
  resetErrorBoundary?: (...args: unknown[]) => void;
}) {
  const translate = useTranslate();
  const status = statusOf(error);
  if (status === 403) return <ForbiddenPage />;
  if (status === 404) return <NotFoundPage />;
  return (
    <ErrorFrame
      icon={<ErrorOutlineIcon />}
      code={status}
      title={translate('error.errorOccurred')}
      text={translate('error.pageNotFoundText')}
    >
      {error?.message ? (
        <Box component="details" sx={{ maxWidth: 640, textAlign: 'left' }}>
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            {translate('app.error.details')}
          </Typography>
          <Typography component="pre" variant="caption" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {translate(error.message, { _: error.message })}
          </Typography>
        </Box>
      ) : null}
      {resetErrorBoundary ? (
        <Button onClick={() => resetErrorBoundary()} variant="outlined">
          {translate('app.error.retry')}
        </Button>
      ) : null}
    </ErrorFrame>
  );
}

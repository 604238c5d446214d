import { useId, useState } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES } from '@tourdesk/contracts/account.schema';
import type { StopDirection } from '@tourdesk/contracts/journeys.schema';
import {
  DIRECTED_MANIFEST_KINDS,
  MANIFEST_FORMATS,
  MANIFEST_KINDS,
  manifestPath,
  type ManifestFormat,
  type ManifestKind,
} from '@tourdesk/contracts/manifests.schema';
import { sendGet, toHttpError } from '../lib/api-client.ts';

/** The file name the server chose (RFC 5987 `filename*` first, then the plain one). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // a broken encoding: fall back to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** The manifest's path with direction and the reader's language. */
export function manifestUrl(
  nr: number,
  kind: ManifestKind,
  format: ManifestFormat,
  direction: StopDirection,
  locale: string,
): string {
  const query = new URLSearchParams();
  if (DIRECTED_MANIFEST_KINDS.includes(kind)) query.set('direction', direction);
  if ((LANGUAGES as readonly string[]).includes(locale)) query.set('lang', locale);
  const search = query.toString();
  return `${manifestPath(nr, kind, format)}${search ? `?${search}` : ''}`;
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Fetches with the session's token and hands the file to the browser as a download. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const response = await sendGet(path);
  if (!response.ok) {
    const text = await response.text();
    throw toHttpError(response.status, parseBody(text));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The manifests of departure `nr` to download: boarding list, seat manifest, participant list and rooming list,
 * each as PDF or CSV, in the user's language; the coach lists for the chosen direction.
 */
export function ManifestDownloads({ nr }: { nr: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [direction, setDirection] = useState<StopDirection>('outbound');
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();

  const start = async (kind: ManifestKind, format: ManifestFormat) => {
    const key = `${kind}.${format}`;
    setBusy(key);
    try {
      await download(manifestUrl(nr, kind, format, direction, locale), `${kind}-${nr}.${format}`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('manifests.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={direction}
          onChange={(_event, value: StopDirection | null) => value && setDirection(value)}
          aria-label={translate('manifests.direction')}
        >
          <ToggleButton value="outbound">{translate('manifests.directions.outbound')}</ToggleButton>
          <ToggleButton value="return">{translate('manifests.directions.return')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {MANIFEST_KINDS.map((kind) => (
        <Stack
          key={kind}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          data-testid={`manifest-${kind}`}
        >
          <Typography sx={{ flexGrow: 1, minWidth: 160 }}>
            {translate(`manifests.kinds.${kind}`)}
            {DIRECTED_MANIFEST_KINDS.includes(kind) ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` · ${translate(`manifests.directions.${direction}`)}`}
              </Typography>
            ) : null}
          </Typography>
          {MANIFEST_FORMATS.map((format) => (
            <Button
              key={format}
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={busy !== null}
              onClick={() => void start(kind, format)}
              aria-label={translate('manifests.download', {
                document: translate(`manifests.kinds.${kind}`),
                format: format.toUpperCase(),
              })}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Stack>
      ))}
    </Box>
  );
}

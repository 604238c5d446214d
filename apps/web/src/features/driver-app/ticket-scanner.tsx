import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { ScanAnswer } from '@tourdesk/contracts/driver-app.schema';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';
import { errorKey } from './driver-queries.ts';
import { decodeFrame } from './qr-decode.ts';

/** How often a camera frame is looked at, and how long the same code is ignored after it was sent. */
const FRAME_MS = 250;
const SAME_CODE_MS = 3000;

type Result = { severity: 'success' | 'info' | 'error'; text: string };

/**
 * The ticket scanner (a dialog over the pick-up list): the back camera's picture; each QR code seen is sent to
 * POST /driver/transports/{id}/checkins/scan and the answer shown. Without a camera it says so — the list's
 * buttons remain.
 */
export function TicketScanner({ transportId, onClose }: { transportId: number; onClose: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [noCamera, setNoCamera] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let last = { code: '', at: 0 };
    const send = async (token: string) => {
      try {
        const answer = await api<ScanAnswer>(`/driver/transports/${transportId}/checkins/scan`, {
          method: 'POST',
          body: { token },
        });
        const key = answer.already
          ? 'driverApp.scan.again'
          : answer.seat
            ? 'driverApp.scan.ok'
            : 'driverApp.scan.okNoSeat';
        setResult({
          severity: answer.already ? 'info' : 'success',
          text: t(key, { name: answer.name, seat: answer.seat }),
        });
        navigator.vibrate?.(answer.already ? [60, 60, 60] : 120);
      } catch (error) {
        setResult({ severity: 'error', text: t(errorKey(error)) });
      }
    };
    const look = async () => {
      if (stopped || !video.current || !canvas.current) return;
      try {
        const code = await decodeFrame(video.current, canvas.current);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_MS)) {
          last = { code, at: now };
          await send(code);
        }
      } catch {
        // an unreadable frame: the next one
      }
      if (!stopped) timer = setTimeout(() => void look(), FRAME_MS);
    };
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        void look();
      } catch {
        if (!stopped) setNoCamera(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [transportId, t]);

  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="scan-title">
      <DialogTitle id="scan-title">{t('driverApp.scan.title')}</DialogTitle>
      <DialogContent>
        {noCamera ? (
          <Alert severity="warning">{t('driverApp.scan.noCamera')}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{t('driverApp.scan.hint')}</Typography>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              sx={{ width: '100%', maxHeight: '60dvh', bgcolor: 'common.black', borderRadius: 1 }}
            />
          </>
        )}
        <canvas ref={canvas} hidden />
        <Box role="status" aria-live="assertive" sx={{ mt: 2 }}>
          {result ? (
            <Alert severity={result.severity} sx={{ fontSize: '1.1rem' }}>
              {result.text}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" size="large" onClick={onClose}>
          {t('driverApp.scan.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

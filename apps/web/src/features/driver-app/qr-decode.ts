/**
 * Reading a QR code from a camera frame: the browser's own `BarcodeDetector` where it has one (Chrome on
 * Android), else `jsQR` (pure JavaScript), loaded only when the scan screen first needs it.
 */
type Detector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

let native: Promise<Detector | null> | null = null;

function nativeDetector(): Promise<Detector | null> {
  native ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return native;
}

/** The text of a QR code in RGBA pixels (jsQR), or null. */
export async function decodePixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The text of the QR code the video shows now, or null; `canvas` is scratch space for the fallback. */
export async function decodeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  const detector = await nativeDetector();
  if (detector) {
    const [code] = await detector.detect(video);
    return code?.rawValue ?? null;
  }
  const width = Math.min(video.videoWidth, 640);
  const height = Math.round((video.videoHeight / video.videoWidth) * width);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return decodePixels(context.getImageData(0, 0, width, height).data, width, height);
}

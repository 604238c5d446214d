import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { Skeleton } from '@mui/material';
import { getToken } from '../../lib/auth-token.ts';

/**
 * Diary photos are private: their addresses need the bearer token, which an `<img src>` cannot send. The bytes
 * are fetched with it and shown from an object URL (released when the image goes).
 */
export function usePrivateImage(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let active = true;
    let created: string | null = null;
    const token = getToken();
    void fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!active || !blob) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [url]);
  return objectUrl;
}

export function PrivateImage({
  src,
  alt,
  width,
  height,
  ...rest
}: { src: string; alt: string; width: number; height: number } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
>) {
  const objectUrl = usePrivateImage(src);
  if (!objectUrl) return <Skeleton variant="rectangular" width={width} height={height} />;
  return <img src={objectUrl} alt={alt} width={width} height={height} {...rest} />;
}

import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { Skeleton } from '@mui/material';
import { getToken } from '../../lib/auth-token.ts';

/**
 * Images of the image database are not public (ADR 0022): their addresses need the bearer token, which an
 * `<img src>` cannot send. The bytes are fetched with it and shown from an object URL (released when it goes).
 */
export function useLibraryImage(url: string | null): string | null {
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

/** A library image (usually its `thumbUrl`), a skeleton of the same size while it loads. */
export function LibraryImage({
  src,
  alt,
  height,
  ...rest
}: { src: string; alt: string; height: number } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'height'>) {
  const objectUrl = useLibraryImage(src);
  if (!objectUrl) return <Skeleton variant="rectangular" width="100%" height={height} />;
  return (
    <img
      src={objectUrl}
      alt={alt}
      height={height}
      {...rest}
      style={{ width: '100%', height, objectFit: 'cover', display: 'block', ...rest.style }}
    />
  );
}

import { useState } from 'react';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import Lightbox, { IconButton } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useTranslate } from 'react-admin';
import type { LightboxImage } from './lightbox.tsx';

declare module 'yet-another-react-lightbox' {
  // The rotate button's title, translated like the built-in ones.
  interface Labels {
    Rotate?: string;
  }
}

type Props = { images: LightboxImage[]; index: number; onClose: () => void };

/** yet-another-react-lightbox with its zoom plugin and a rotate button (quarter turns per image). */
export default function LightboxViewer({ images, index, onClose }: Props) {
  const translate = useTranslate();
  const [current, setCurrent] = useState(index);
  const [rotation, setRotation] = useState<Record<number, number>>({});
  const rotate = () => setRotation((previous) => ({ ...previous, [current]: ((previous[current] ?? 0) + 90) % 360 }));
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={images.map((image) => ({ src: image.src, alt: image.alt }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      on={{ view: ({ index: viewed }) => setCurrent(viewed) }}
      labels={{
        Close: translate('app.lightbox.close'),
        'Zoom in': translate('app.lightbox.zoomIn'),
        'Zoom out': translate('app.lightbox.zoomOut'),
        Previous: translate('app.lightbox.previous'),
        Next: translate('app.lightbox.next'),
        Rotate: translate('app.lightbox.rotate'),
      }}
      toolbar={{
        buttons: [
          <IconButton key="rotate" label="Rotate" icon={() => <RotateRightIcon />} onClick={rotate} />,
          'zoom',
          'close',
        ],
      }}
      render={{
        slide: ({ slide, rect }) => {
          const position = images.findIndex((image) => image.src === slide.src);
          const angle = rotation[position] ?? 0;
          const sideways = angle % 180 !== 0;
          return (
            <img
              src={slide.src}
              alt={'alt' in slide ? (slide.alt ?? '') : ''}
              data-rotation={angle}
              style={{
                maxWidth: sideways ? rect.height : rect.width,
                maxHeight: sideways ? rect.width : rect.height,
                objectFit: 'contain',
                transform: `rotate(${angle}deg)`,
                transition: 'transform 0.2s',
              }}
            />
          );
        },
      }}
    />
  );
}

import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useT } from '../../../lib/i18n';
import type { PixelArea } from './crop-photo';

export interface PhotoCropperProps {
  imageUrl: string;
  /** The chosen square, in the picture's own pixels, each time the person stops moving it. */
  onArea: (area: PixelArea) => void;
  /** The picture could not be shown (not an image the browser reads). */
  onUnreadable: () => void;
}

const MAX_ZOOM = 4;

/**
 * Choosing the square of a photo: drag or pinch the picture (or use the arrow keys on the crop area), zoom with
 * the slider. Loaded only once a photo is picked: react-easy-crop is not needed by anyone who only reads the page.
 */
export default function PhotoCropper({ imageUrl, onArea, onUnreadable }: PhotoCropperProps) {
  const { t } = useT('users');
  const hintId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <div className="flex w-full flex-col gap-3">
      <div className="relative mx-auto aspect-square w-full max-w-xs overflow-hidden rounded-xl bg-slate-800">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onArea(pixels)}
          mediaProps={{ onError: onUnreadable }}
          cropperProps={{ role: 'group', 'aria-label': t('cropper.area'), 'aria-describedby': hintId }}
        />
      </div>
      <p id={hintId} className="text-sm text-slate-700">
        {t('cropper.hint')}
      </p>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-slate-800">
          {t('cropper.zoom')}
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-11 min-w-0 flex-1 accent-primary-700"
        />
      </div>
    </div>
  );
}
